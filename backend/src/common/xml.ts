/**
 * The two escapes every XML this blog writes needs (the feeds, the sitemap, the WXR export): each is written as text
 * in a fixed shape, so the escapes are all there is to get right, and they are tested here once.
 */

/** Characters XML 1.0 does not allow at all (not even escaped): dropped. */
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** Characters escapeXml changes or drops: most values (every encoded URL) have none and are returned as they are. */
const XML_SPECIAL = /[&<>"'\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;

/** Text or an attribute value. */
export function escapeXml(value: string): string {
  if (!XML_SPECIAL.test(value)) return value;
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(NOT_XML, '');
}

/** Text as a CDATA section (HTML stays readable); a `]]>` inside ends one section and starts the next between `]]` and `>`. */
export function cdata(value: string): string {
  return `<![CDATA[${value.replace(NOT_XML, '').replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
}
