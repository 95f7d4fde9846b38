import { privateAddressRefusal, type OutboundRequests } from '../common/outbound-requests';

/** An image's bytes, or why there are none. */
export type FetchedImage = { bytes: Buffer } | { reason: string };

/** Larger files are left on the old site: the upload stores at most 5 MB, re-encoded; a camera original may be more. */
const MAX_BYTES = 25 * 1024 * 1024;
const TIMEOUT_MS = 20_000;

/**
 * Fetches an image of the old blog. Only http(s), through the outbound guard (docs/decisions/033: an export is a file
 * from elsewhere, so none of its addresses may reach a private network the operator did not allow, at any redirect);
 * a bounded size, read as it comes and cut off past it; a bounded wait. Whether the bytes are an image is for the
 * upload to say (sharp reads them, whatever the server claimed).
 */
export class ImageFetcher {
  constructor(private readonly outbound: OutboundRequests) {}

  async fetch(url: string): Promise<FetchedImage> {
    if (!/^https?:\/\//i.test(url)) return { reason: 'not an http(s) address' };
    try {
      const response = await this.outbound.fetch(url, { redirect: 'follow', signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!response.ok || !response.body) {
        await response.body?.cancel();
        return { reason: `the old site answered ${response.status}` };
      }
      const declared = Number(response.headers.get('content-length') ?? 0);
      if (declared > MAX_BYTES) {
        await response.body.cancel();
        return { reason: 'larger than 25 MB' };
      }
      // A reader, not `for await`: the DOM's ReadableStream type (which some packages' types bring in) is not iterable.
      const reader = response.body.getReader();
      const chunks: Buffer[] = [];
      let size = 0;
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        size += read.value.byteLength;
        if (size > MAX_BYTES) {
          await reader.cancel();
          return { reason: 'larger than 25 MB' };
        }
        chunks.push(Buffer.from(read.value));
      }
      return { bytes: Buffer.concat(chunks) };
    } catch (error) {
      const refused = privateAddressRefusal(error);
      if (refused) return { reason: `not fetched: ${refused.message}` };
      const { cause, message } = error as Error & { cause?: { code?: string; message?: string } };
      return { reason: `the old site could not be reached (${cause?.code ?? cause?.message ?? message})` };
    }
  }
}
