import { defaultTheme, Provider } from '@adobe/react-spectrum';
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Renders a piece inside the Spectrum Provider as the app does (de-AT). */
export async function renderWithProvider(node: ReactNode) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () =>
    root.render(
      <Provider theme={defaultTheme} locale="de-AT">
        {node}
      </Provider>,
    ),
  );
  return {
    container,
    async unmount() {
      await act(async () => root.unmount());
      container.remove();
    },
  };
}
