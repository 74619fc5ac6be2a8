/** Product wording shared by the header, footer, home page and document titles. */
export const SITE_NAME = 'Series Tracker';
export const SITE_SLOGAN =
  "Track every episode and share what's worth watching with a community that lives and breathes television.";

export function pageTitle(title?: string): string {
  return title ? `${title} · ${SITE_NAME}` : SITE_NAME;
}
