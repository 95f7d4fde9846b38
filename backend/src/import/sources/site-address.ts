/**
 * An old blog's address as OpenedImport.siteUrl has it: http(s) origin and any subfolder, without query, fragment or
 * trailing slash («https://old.example/blog»); null when the value is no such address.
 */
export function siteAddress(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  } catch {
    return null;
  }
}
