import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { marked } from 'marked';
import { htmlDocument } from '../../../platform/pdf/htmlDocument';
import type { AppServices } from '../../../platform/services';
import { vereinsName } from './appInfo';

export const handbuchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/handbuch');

const css = `
  h1 { font-size: 18pt; color: #22461d; page-break-before: always; margin-top: 0; }
  section:first-of-type h1 { page-break-before: avoid; }
  h2 { font-size: 13pt; color: #22461d; margin-top: 14pt; }
  table { border-collapse: collapse; width: 100%; margin: 6pt 0; }
  th, td { border: 0.5pt solid #999; padding: 3pt 5pt; text-align: left; vertical-align: top; }
  th { background: #eef5ea; }
  .cover { height: 240mm; display: flex; flex-direction: column; justify-content: center; text-align: center; }
  .cover h1 { page-break-before: avoid; font-size: 28pt; }
`;

/** The chapters of docs/handbuch in file-name order, as HTML. */
export async function handbuchChapters(dir = handbuchDir): Promise<{ name: string; html: string }[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.md')).sort();
  return Promise.all(
    files.map(async (name) => ({
      name,
      html: await marked.parse(await readFile(path.join(dir, name), 'utf8'), { async: false }),
    })),
  );
}

/** The user manual as a PDF: cover page plus every chapter, rendered by the shared Chromium. Cached until ClearCache. */
export function handbuchPdf(services: AppServices): Promise<Buffer> {
  return services.cache.get('handbuch', async () => {
    const [chapters, name] = await Promise.all([handbuchChapters(), vereinsName(services)]);
    const body = (
      <main>
        <div className="cover">
          <h1>Handbuch</h1>
          <p>Vereinsverwaltung für {name}</p>
          <p>Version {services.version}</p>
        </div>
        {chapters.map((chapter) => (
          // The chapters are our own Markdown from docs/handbuch, not user input.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted, shipped content
          <section key={chapter.name} dangerouslySetInnerHTML={{ __html: chapter.html }} />
        ))}
      </main>
    );
    return services.pdf.render(htmlDocument(body, { title: `Handbuch – ${name}`, css }));
  });
}
