/** The legacy build of pdf.js: the modern one needs DOMMatrix, which Node 20 lacks. Loaded on first use (it is large). */
type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

let loading: Promise<PdfJs> | undefined;

function pdfjs(): Promise<PdfJs> {
  loading ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return loading;
}

interface TextItem {
  readonly str: string;
  readonly hasEOL: boolean;
}

/**
 * The text of a PDF, page by page: each page's lines as pdf.js lays them out (an item that ends a line
 * ends it here). Fonts and scripts inside the file are never run (`isEvalSupported: false`); a PDF that
 * cannot be parsed throws pdf.js's error.
 */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const { getDocument } = await pdfjs();
  const task = getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  });
  const document = await task.promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items as TextItem[]) {
        if (typeof item.str !== 'string') continue;
        text += item.str;
        if (item.hasEOL) text += '\n';
      }
      pages.push(
        text
          .split('\n')
          .map((line) => line.replace(/\s+/g, ' ').trim())
          .join('\n')
          .replace(/\n{3,}/g, '\n\n')
          .trim(),
      );
      page.cleanup();
    }
    return pages;
  } finally {
    await task.destroy();
  }
}
