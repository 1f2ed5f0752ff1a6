// HTML and XML escaping, shared by the generator, the templates and the lead function.

const ESCAPED = /[&<>"']/;

/**
 * Text safe inside HTML or XML, in an element or a quoted attribute. The one escape of the
 * repository: the lead function's pages and e-mails, and the generator's pages, feed, sitemap
 * and preview pages all use it.
 */
export function escapeHtml(value: string): string {
  // Most strings (URLs, names) have nothing to escape: one test instead of five replaces (the
  // sitemap escapes every URL of every page, on every preview edit).
  if (!ESCAPED.test(value)) return value;
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
