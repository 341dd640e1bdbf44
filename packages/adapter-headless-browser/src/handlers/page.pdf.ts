import type { ToolHandler } from '@wesgine/schema';
import type { PagePdfArgs } from '../../generated/types.gen.js';
import { artefactTarget, writeArtefact } from '../artefact-file.js';
import { withPage } from '../page-call.js';
import { formatBytes, pageHeader } from '../page-report.js';

/**
 * Handles `page.pdf`: the page printed by Chromium (A4, backgrounds on), written whole (or not at all)
 * to `save_to` or a new file in the data folder. The target is checked before the page opens.
 */
export const pagePdf: ToolHandler<PagePdfArgs> = async (args, context) => {
  const target = artefactTarget(context, args.save_to, '.pdf');
  return withPage(context, args.url, args.wait_until ?? 'load', async (opened) => {
    const printing = opened.page.pdf({ format: 'A4', printBackground: true });
    const pdf = await Promise.race([printing, opened.crashed]);
    await writeArtefact(target, pdf);
    const pages = pageCount(pdf);
    const count = pages === undefined ? '' : `${pages} ${pages === 1 ? 'page' : 'pages'}, `;
    return {
      text: [
        ...pageHeader(opened),
        `Printed the page to a PDF (${count}${formatBytes(pdf.length)}) saved to ${target.shown}`,
      ].join('\n'),
      data: {
        url: opened.finalUrl,
        requested: opened.requested,
        title: opened.title,
        status: opened.status,
        path: target.path,
        bytes: pdf.length,
        pages,
        refused: opened.refused,
      },
    };
  });
};

/** The page count of the PDF's page tree, as Chromium writes it (`/Type /Pages … /Count n`). */
function pageCount(pdf: Buffer): number | undefined {
  const text = pdf.toString('latin1');
  const found =
    /\/Type\s*\/Pages\b[^>]*?\/Count\s+(\d+)/.exec(text) ?? /\/Count\s+(\d+)[^>]*?\/Type\s*\/Pages\b/.exec(text);
  return found?.[1] === undefined ? undefined : Number(found[1]);
}
