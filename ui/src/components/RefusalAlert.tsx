import { Text } from '@adobe/react-spectrum';

/** A refused import as the dialogs show it: the server's German title and one line per reason. */
export type Refusal = { title: string; lines: string[] };

/** The refusal of an import (file unreadable, rows wrong, period closed) above its preview, announced as an alert. */
export function RefusalAlert({ refusal, titleClassName }: { refusal: Refusal; titleClassName: string }) {
  return (
    <div role="alert">
      <Text UNSAFE_className={titleClassName}>{refusal.title}</Text>
      <ul>
        {refusal.lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
