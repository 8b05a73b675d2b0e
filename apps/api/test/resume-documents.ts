import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { wordDocument } from './documents.ts';

const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');

/**
 * One printed row of a résumé: a line of text, a left and a right column on the same baseline
 * (as hh.ru prints dates beside the job; a `\n` in either starts a line of its own, the lines of
 * both columns side by side), or chips spaced across the row (key skills).
 */
export type ResumeRow = string | { left: string; right: string } | { chips: string[] };

/**
 * A résumé as hh.ru exports it to PDF: the name, the personal line, contacts, the wanted job with
 * the salary, the experience with dates in the left column, education, languages and key skills.
 */
export const HH_RESUME: ResumeRow[] = [
  'Иванова Мария Сергеевна',
  'Женщина, 32 года, родилась 5 марта 1992',
  '+7 (912) 345-67-89 — предпочитаемый способ связи',
  'maria.ivanova@mail.ru',
  'Проживает: Екатеринбург',
  'Гражданство: Россия, есть разрешение на работу: Россия',
  'Не готова к переезду, готова к командировкам',
  'Желаемая должность и зарплата',
  'Ведущий бухгалтер',
  'Специализации:',
  '— Бухгалтер',
  'Занятость: полная занятость',
  'График работы: полный день',
  '120 000 ₽ на руки',
  'Опыт работы — 8 лет 3 месяца',
  { left: 'Март 2018 —', right: 'ООО «Уралсталь»' },
  { left: 'настоящее время', right: 'Екатеринбург, uralsteel.ru' },
  { left: '6 лет 2 месяца', right: 'Главный бухгалтер' },
  'Ведение полного цикла бухгалтерского учёта, сдача отчётности в ФНС и СФР.',
  'Внедрение 1С: ERP, руководство отделом из 4 человек.',
  { left: 'Январь 2015 —', right: 'АО «Альфа-Банк»' },
  { left: 'Февраль 2018', right: 'Бухгалтер' },
  { left: '3 года 2 месяца', right: 'Расчёт заработной платы, учёт основных средств.' },
  'Образование',
  'Высшее',
  { left: '2014', right: 'Уральский федеральный университет, Екатеринбург' },
  'Экономический факультет, Бухгалтерский учёт, анализ и аудит',
  'Ключевые навыки',
  { left: 'Знание языков', right: 'Русский — Родной' },
  'Английский — B2 — Средне-продвинутый',
  { chips: ['Навыки', '1С: Бухгалтерия', 'МСФО', 'Налоговый учёт'] },
  'Дополнительная информация',
  { left: 'Обо мне', right: 'Внимательная, люблю порядок в цифрах.' },
  'Резюме обновлено 12 марта 2024 в 10:15',
];

/** The bytes of a pdfkit document once `draw` has put everything on it. */
function pdfOf(draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 40 });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}

/** A real PDF (pdfkit, DejaVu Sans with Cyrillic) laying the rows out as hh.ru does. */
export function resumePdf(rows: ResumeRow[] = HH_RESUME): Promise<Buffer> {
  return pdfOf((doc) => {
    doc.font(FONT).fontSize(10);
    let y = 40;
    for (const row of rows) {
      if (y > 790) {
        doc.addPage();
        y = 40;
      }
      if (typeof row === 'string') {
        doc.text(row, 40, y, { lineBreak: false });
      } else if ('left' in row) {
        const left = row.left.split('\n');
        const right = row.right.split('\n');
        for (let i = 0; i < Math.max(left.length, right.length); i++) {
          if (i > 0) y += 16;
          if (left[i]) doc.text(left[i]!, 40, y, { lineBreak: false });
          if (right[i]) doc.text(right[i]!, 190, y, { lineBreak: false });
        }
      } else {
        let x = 40;
        for (const chip of row.chips) {
          doc.text(chip, x, y, { lineBreak: false });
          x += doc.widthOfString(chip) + 24;
        }
      }
      y += 16;
    }
  });
}

/** A PDF with a picture and no text at all: what a scanner produces. */
export function scannedPdf(): Promise<Buffer> {
  return pdfOf((doc) => {
    doc.rect(60, 60, 400, 600).fill('#cccccc');
  });
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const paragraph = (text: string) =>
  `<w:p><w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`;

/** A Word document with one paragraph per line, as Word saves it (manifest, relations, body). */
export function resumeDocx(paragraphs: string[]): Buffer {
  return wordDocument(paragraphs.map(paragraph).join(''));
}

const cell = (text: string) => `<w:tc>${text.split('\n').map(paragraph).join('')}</w:tc>`;

/**
 * The rows as hh.ru exports them to Word: a line is a paragraph, two columns a table row of two
 * cells (a `\n` in a column a paragraph of its own in that cell), chips a row of one cell each.
 */
export function resumeDocxOfRows(rows: ResumeRow[]): Buffer {
  const body = rows
    .map((row) =>
      typeof row === 'string'
        ? paragraph(row)
        : 'left' in row
          ? `<w:tbl><w:tr>${cell(row.left)}${cell(row.right)}</w:tr></w:tbl>`
          : `<w:tbl><w:tr>${row.chips.map(cell).join('')}</w:tr></w:tbl>`,
    )
    .join('');
  return wordDocument(body);
}
