declare module 'virtual:i18n-pseudo' {
  import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
  /** The English source catalogue, `{ id: parsed defaultMessage }` (build/pseudo-locale.ts). */
  const english: Record<string, MessageFormatElement[]>;
  export default english;
}
