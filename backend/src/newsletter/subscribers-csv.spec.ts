import { describe, expect, it } from 'vitest';
import { csvField, subscribersCsv } from './subscribers-csv';

describe('subscribers CSV', () => {
  it('quotes commas, quotes and line breaks, and disarms what a spreadsheet would run as a formula', () => {
    expect(csvField('reader@example.com')).toBe('reader@example.com');
    expect(csvField(null)).toBe('');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=HYPERLINK("x")@evil.example')).toBe(`"'=HYPERLINK(""x"")@evil.example"`);
    for (const start of ['+', '-', '@', '\t']) expect(csvField(`${start}1@x.example`).replace(/^"/, '')).toMatch(/^'/);
  });

  it('starts with a byte order mark and the header, one CRLF line per subscriber', () => {
    const csv = subscribersCsv([
      {
        id: 1,
        email: 'a@example.com',
        status: 'confirmed',
        createdAt: '2026-01-01T00:00:00.000Z',
        confirmedAt: '2026-01-02T00:00:00.000Z',
        unsubscribedAt: null,
      },
    ]);
    expect(csv).toBe(
      '\uFEFFemail,status,createdAt,confirmedAt,unsubscribedAt\r\na@example.com,confirmed,2026-01-01T00:00:00.000Z,2026-01-02T00:00:00.000Z,\r\n',
    );
  });
});
