declare module 'virtual:i18n-pseudo' {
  /** The English source catalogue, `{ id: defaultMessage }` (build/pseudo-locale.ts). */
  const english: Record<string, string>;
  export default english;
}
