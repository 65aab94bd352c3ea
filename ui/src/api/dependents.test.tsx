import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, waitFor } from '../testing/appHarness';
import { setTestCookie } from '../testing/cookies';
import { DEPENDENTS, dependentsOf } from './dependents';
import { saveGruppe } from './stammdaten/gruppen';
import { useParzellen } from './stammdaten/parzellen';
import { swrConfig } from './swrConfig';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const fetchMock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>();
let gruppenName = 'Nord';

beforeEach(() => {
  gruppenName = 'Nord';
  setTestCookie('XSRF-TOKEN', 'xsrf-1');
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.startsWith('/api/Stammdaten/Parzellen')) return json([{ id: 7, nummer: '7', gruppeName: gruppenName }]);
    if (url.startsWith('/api/Stammdaten/UpdateGruppe')) {
      gruppenName = (JSON.parse(String(init?.body)) as { name: string }).name;
      return json({ id: 1, version: 2, name: gruppenName, beschreibung: '', anzahlParzellen: 1 });
    }
    return json([]);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function PlotGroups() {
  const { data } = useParzellen({});
  return <p>{data?.map((p) => `${p.nummer}: ${p.gruppeName}`).join(', ')}</p>;
}

describe('revalidation after a save', () => {
  it('shows the new group name in the plot list once the Gruppe is saved', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () =>
      root.render(
        <SWRConfig value={swrConfig}>
          <PlotGroups />
        </SWRConfig>,
      ),
    );
    await waitFor(() => expect(container.textContent).toBe('7: Nord'));

    await act(async () => {
      await saveGruppe({ id: 1, version: 1, name: 'Nordhang', beschreibung: '' });
    });

    await waitFor(() => expect(container.textContent).toBe('7: Nordhang'));
    const listReads = fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/Stammdaten/Parzellen'));
    expect(listReads).toHaveLength(2);
    await act(async () => root.unmount());
    container.remove();
  });

  it('names the reads of each entity, and the Verlauf for every save', () => {
    expect(dependentsOf('Gruppe')).toEqual(
      expect.arrayContaining(['/api/Stammdaten/Parzellen', '/api/Common/Gruppen']),
    );
    expect(dependentsOf('AbstellplatzKategorie')).toContain('/api/Stammdaten/GetAbstellplaetze');
    for (const entity of Object.keys(DEPENDENTS) as (keyof typeof DEPENDENTS)[]) {
      expect(dependentsOf(entity)).toContain('/api/Common/GetHistory');
    }
  });
});
