import { input, password } from '@inquirer/prompts';

export class CliError extends Error {}

type Question = { message: string; secret?: boolean };

/**
 * Fills the missing answers by asking on the terminal — only when one is attached. Without a TTY
 * (scripts, CI, cron) it never waits for input but fails naming the missing options.
 */
export async function askMissing<K extends string>(
  given: Record<K, string | undefined>,
  questions: Record<K, Question>,
): Promise<Record<K, string>> {
  const missing = (Object.keys(questions) as K[]).filter((k) => !given[k]);
  if (missing.length && !process.stdin.isTTY) {
    throw new CliError(
      `Fehlende Angabe(n): ${missing.map((k) => `--${k}`).join(', ')} (kein Terminal für Rückfragen).`,
    );
  }
  const out = { ...given } as Record<K, string>;
  for (const k of missing) {
    const q = questions[k];
    out[k] = q.secret
      ? await password({ message: q.message, mask: '*' })
      : await input({ message: q.message, required: true });
  }
  return out;
}
