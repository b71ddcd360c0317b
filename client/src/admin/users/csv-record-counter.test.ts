import { describe, expect, it } from 'vitest';
import { CsvRecordCounter } from './csv-record-counter';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('the CSV record counter', () => {
  it('counts the records after the header, not the line breaks inside quoted cells', () => {
    const counter = new CsvRecordCounter();
    counter.add(bytes('\uFEFFid,name\r\n1,"Line\nBreak"\r\n2,"Windows\r\nBreak"\r\n3,"Quote ""Q"", Zoë"\r\n4,plain\r\n'));
    expect(counter.records).toBe(4);
  });

  it('follows a quoted cell across chunks, whatever the split', () => {
    const file = bytes('id,name\r\n1,"a ""b""\r\nc"\r\n2,Åsa\r\n');
    for (let split = 0; split <= file.length; split++) {
      const counter = new CsvRecordCounter();
      counter.add(file.subarray(0, split));
      counter.add(file.subarray(split));
      expect(counter.records, `split at ${split}`).toBe(2);
    }
  });

  it('counts none for the header alone or nothing', () => {
    const counter = new CsvRecordCounter();
    expect(counter.records).toBe(0);
    counter.add(bytes('id,name\r\n'));
    expect(counter.records).toBe(0);
  });
});
