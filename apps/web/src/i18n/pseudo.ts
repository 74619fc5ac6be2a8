import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

const lower = 'ȧƀƈḓḗƒɠħīĵķŀḿƞǿƥɋřşŧŭṽẇẋẏẑ';
const upper = 'ȦƁƇḒḖƑƓĦĪĴĶĿḾȠǾƤɊŘŞŦŬṼẆẊẎẐ';

/** Every ASCII letter swapped for an accented one: readable, and never plain English. */
export function accent(text: string): string {
  return text.replace(/[a-zA-Z]/g, (c) => {
    const code = c.charCodeAt(0);
    return code >= 97 ? [...lower][code - 97]! : [...upper][code - 65]!;
  });
}

function pseudoElements(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === TYPE.literal) return { ...element, value: accent(element.value) };
    if (element.type === TYPE.tag)
      return { ...element, children: pseudoElements(element.children) };
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      const options = Object.fromEntries(
        Object.entries(element.options).map(([key, option]) => [
          key,
          { ...option, value: pseudoElements(option.value) },
        ]),
      );
      return { ...element, options };
    }
    return element;
  });
}

/**
 * The pseudo-locale catalogue (ADR 186): each English message (parsed at build time, ADR 187)
 * accented and bracketed.
 */
export function pseudoCatalogue(english: Record<string, MessageFormatElement[]>) {
  return Object.fromEntries(
    Object.entries(english).map(([id, message]) => [
      id,
      [
        { type: TYPE.literal, value: '[' },
        ...pseudoElements(message),
        { type: TYPE.literal, value: ']' },
      ],
    ]),
  );
}
