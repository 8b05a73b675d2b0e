import { pbkdf2 } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  type CellValue,
  UnreadableSpreadsheetError,
  readSheetRows,
  sheetStream,
  workbookStream,
  writeSheet,
} from './spreadsheet.ts';

const pbkdf2Async = promisify(pbkdf2);

async function bytesOf(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function rowsOf(bytes: Buffer) {
  const rows: { line: number; cells: CellValue[] }[] = [];
  for await (const row of readSheetRows(bytes)) rows.push(row);
  return rows;
}

describe('writing a sheet', () => {
  it('header and rows come back as written: Cyrillic, numbers, booleans, dates, empty cells', async () => {
    const added = new Date('2026-11-21T14:05:00Z');
    const bytes = await bytesOf(
      sheetStream({
        name: 'Кандидаты',
        columns: [
          { header: 'ФИО' },
          { header: 'Зарплата' },
          { header: 'Есть авто' },
          { header: 'Добавлен', format: 'dd.mm.yyyy hh:mm' },
        ],
        rows: [
          ['Ёлкина Ольга', 150000, true, added],
          ['Иванов Иван', null, false, null],
        ],
      }),
    );
    expect(await rowsOf(bytes)).toEqual([
      { line: 1, cells: ['ФИО', 'Зарплата', 'Есть авто', 'Добавлен'] },
      { line: 2, cells: ['Ёлкина Ольга', 150000, true, added] },
      { line: 3, cells: ['Иванов Иван', null, false] },
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Кандидаты');
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.getCell('D2').numFmt).toBe('dd.mm.yyyy hh:mm');
  });

  it('pulls rows only while the reader keeps up, and stops when the reader goes away', async () => {
    const output = new PassThrough({ highWaterMark: 16 * 1024 });
    let pulled = 0;
    let finished = false;
    async function* endless() {
      try {
        for (;;) {
          pulled += 1;
          yield [`Строка ${pulled} ${'текст '.repeat(20)}`, pulled];
        }
      } finally {
        finished = true;
      }
    }
    const writing = writeSheet(output, {
      name: 'Лист',
      columns: [{ header: 'A' }],
      rows: endless(),
    });
    // Nobody reads: the producer must come to a stop and wait instead of filling memory.
    const sleep = () => new Promise((resolve) => setTimeout(resolve, 100));
    let previous = -1;
    for (let i = 0; i < 50 && pulled !== previous; i += 1) {
      previous = pulled;
      await sleep();
    }
    expect(pulled).toBe(previous);
    expect(pulled).toBeLessThan(20_000);

    output.destroy();
    await expect(writing).rejects.toThrow('spreadsheet output closed');
    expect(finished).toBe(true);
  });

  it('a failing row source destroys the stream instead of ending a cut file cleanly', async () => {
    async function* failing() {
      yield ['первая'];
      throw new Error('database went away');
    }
    const stream = sheetStream({ name: 'Лист', columns: [{ header: 'A' }], rows: failing() });
    await expect(bytesOf(stream)).rejects.toThrow('database went away');
  });
});

describe('reading a sheet', () => {
  it('rich text, formulas and links as their text or result; empty rows skipped, lines kept', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Импорт');
    sheet.addRow(['Имя', 'Сумма', 'Ссылка']);
    sheet.addRow([
      { richText: [{ text: 'Ива', font: { bold: true } }, { text: 'нова' }] },
      { formula: 'SUM(1,2)', result: 3 },
      { text: 'резюме', hyperlink: 'https://example.ru/cv' },
    ]);
    sheet.addRow([]);
    sheet.addRow(['Петров', { formula: '1/0', result: { error: '#DIV/0!' } }]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(await rowsOf(bytes)).toEqual([
      { line: 1, cells: ['Имя', 'Сумма', 'Ссылка'] },
      { line: 2, cells: ['Иванова', 3, 'резюме'] },
      { line: 4, cells: ['Петров', null] },
    ]);
  });

  it('reads every workbook whole while the disk is slow (the sheet waits for the shared strings)', async () => {
    // Excel stores the sheet before its shared strings and `workbook.xml` last. While the sheet
    // is set aside in a temporary file, the rest of the archive must not slip by unread.
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Кандидаты');
    sheet.addRow(['ФИО', 'Телефон']);
    sheet.addRow(['Сорокина Вера', '8 916 700 11 22']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    let refused = 0;
    for (let round = 0; round < 40; round += 1) {
      // Keep libuv's file threads busy, as a loaded machine does, so the temporary file is slow.
      const busy = Array.from({ length: 4 }, () => pbkdf2Async('x', 'y', 20_000, 32, 'sha256'));
      try {
        expect(await rowsOf(bytes)).toEqual([
          { line: 1, cells: ['ФИО', 'Телефон'] },
          { line: 2, cells: ['Сорокина Вера', '8 916 700 11 22'] },
        ]);
      } catch (error) {
        if (!(error instanceof UnreadableSpreadsheetError)) throw error;
        refused += 1;
      }
      await Promise.all(busy);
    }
    expect(refused).toBe(0);
  });

  it.each([
    ['not a workbook at all', Buffer.from('ФИО;Телефон\nИванов;+7 916 000-00-00\n')],
    ['an empty file', Buffer.alloc(0)],
  ])('%s throws UnreadableSpreadsheetError', async (_, bytes) => {
    await expect(rowsOf(bytes)).rejects.toBeInstanceOf(UnreadableSpreadsheetError);
  });

  it('a zip archive without a sheet throws UnreadableSpreadsheetError', async () => {
    const bytes = Buffer.from(await new ExcelJS.Workbook().xlsx.writeBuffer());
    await expect(rowsOf(bytes)).rejects.toBeInstanceOf(UnreadableSpreadsheetError);
  });

  it('a cut workbook throws UnreadableSpreadsheetError', async () => {
    const whole = await bytesOf(
      sheetStream({
        name: 'Лист',
        columns: [{ header: 'A' }],
        rows: Array.from({ length: 2000 }, (_, i) => [`строка ${i}`]),
      }),
    );
    await expect(rowsOf(whole.subarray(0, whole.length / 2))).rejects.toBeInstanceOf(
      UnreadableSpreadsheetError,
    );
  });
});

describe('writing a workbook of several sheets', () => {
  it('keeps each sheet with its rows, in order, and names alike get a number', async () => {
    const long = 'Воронка вакансии «Ведущий бухгалтер по расчёту»';
    const bytes = await bytesOf(
      workbookStream([
        { name: long, columns: [{ header: 'Этап' }, { header: 'Дошли' }], rows: [['Новый', 10]] },
        { name: long, columns: [{ header: 'Показатель' }], rows: [['Нанято'], ['Отказы']] },
      ]),
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      long.slice(0, 31),
      `${long.slice(0, 27)} (2)`,
    ]);
    const values = (index: number) =>
      workbook.worksheets[index]!.getSheetValues()
        .filter(Boolean)
        .map((row) => (row as unknown[]).slice(1));
    expect(values(0)).toEqual([
      ['Этап', 'Дошли'],
      ['Новый', 10],
    ]);
    expect(values(1)).toEqual([['Показатель'], ['Нанято'], ['Отказы']]);
  });
});
