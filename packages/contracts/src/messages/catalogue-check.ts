import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/**
 * One check for every catalogue of the project (web, contracts, mails, API errors; ADR 186):
 * what a translated catalogue gets wrong against its English source. Tests only: it parses
 * ICU, which no production bundle needs for this.
 */
export interface CatalogueProblems {
  /** Ids of the source the catalogue lacks. */
  missing: string[];
  /** Ids the catalogue has that the source does not. */
  extra: string[];
  /** Messages that do not parse, are empty, or change the source's arguments or tags. */
  wrong: string[];
}

/** The argument names and tags a message uses, plurals' and selects' branches included. */
export function messageNames(elements: MessageFormatElement[], into = new Set<string>()) {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if (element.type === TYPE.tag) {
      into.add(`<${element.value}>`);
      messageNames(element.children, into);
      continue;
    }
    into.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) messageNames(option.value, into);
    }
  }
  return into;
}

/** The `{name}`s a message writes as quoted text, to be filled in after formatting. */
function textPlaceholders(elements: MessageFormatElement[]): string {
  const text = elements.map((e) => (e.type === TYPE.literal ? e.value : '')).join('');
  return [...new Set([...text.matchAll(/\{[a-z]+\}/g)].map((m) => m[0]))].sort().join();
}

function signature(message: string, withText: boolean): string {
  const ast = parse(message);
  const names = [...messageNames(ast)].sort().join();
  return withText ? `${names} ${textPlaceholders(ast)}` : names;
}

export function checkCatalogue(
  source: Record<string, string>,
  translated: Record<string, string>,
  {
    only = () => true,
    textPlaceholders: withText = false,
  }: {
    only?: (id: string) => boolean;
    /** Also keep the `'{name}'`s written as text (the contracts' ssoMessage fills them later). */
    textPlaceholders?: boolean;
  } = {},
): CatalogueProblems {
  const missing = Object.keys(source).filter((id) => only(id) && !(id in translated));
  const extra = Object.keys(translated).filter((id) => only(id) && !(id in source));
  const wrong: string[] = [];
  for (const [id, english] of Object.entries(source)) {
    const message = translated[id];
    if (!only(id) || message === undefined) continue;
    if (!message.trim()) {
      wrong.push(`${id}: empty`);
      continue;
    }
    try {
      const got = signature(message, withText);
      const want = signature(english, withText);
      if (got !== want) wrong.push(`${id}: uses {${got}}, the English {${want}}`);
    } catch (error) {
      wrong.push(`${id}: ${(error as Error).message}`);
    }
  }
  return { missing, extra, wrong };
}
