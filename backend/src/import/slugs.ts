const PERCENT_RUN = /(?:%[0-9a-f]{2})+/gi;

/** How many bytes a UTF-8 sequence starting with this byte has, or 0 when it cannot start one. */
function sequenceLength(lead: number): number {
  if (lead < 0x80) return 1;
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 0;
}

/** Decodes a run of %XX octets sequence by sequence: a sequence that is not valid UTF-8 keeps its %XX text. */
function decodeRun(run: string): string {
  const octets = run.match(/%[0-9a-f]{2}/gi) ?? [];
  let decoded = '';
  for (let index = 0; index < octets.length;) {
    const length = sequenceLength(Number.parseInt(octets[index].slice(1), 16));
    const sequence = octets.slice(index, index + Math.max(length, 1)).join('');
    try {
      if (length === 0 || index + length > octets.length) throw new URIError('not a UTF-8 sequence');
      decoded += decodeURIComponent(sequence);
      index += length;
    } catch {
      decoded += octets[index];
      index += 1;
    }
  }
  return decoded;
}

/**
 * A slug as the old platform stored it, percent-decoded exactly once: WordPress keeps «تقنية» as
 * «%d8%aa%d9%82%d9%86%d9%8a%d8%a9», and decoding twice would turn a real «%25d8» («%d8» on the old site) into Arabic.
 * Whatever is not a valid percent-encoded UTF-8 sequence (a lone «%», «%zz», a cut sequence) stays as it is, and «+»
 * is left alone: it is a plus in a path, not a space.
 */
export function decodeSlugOnce(raw: string): string {
  return raw.replace(PERCENT_RUN, decodeRun);
}
