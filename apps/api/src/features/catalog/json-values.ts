/**
 * Every top-level JSON value in `text`, in order: one value, or several written one after
 * another (`{...}{...}` or one per line, as some saved TVmaze responses are). A scanner finds
 * where each value ends — tracking strings, escapes and nesting — and JSON.parse reads it, so
 * nothing is guessed by pattern. Throws on text that is not JSON values.
 */
export function parseJsonValues(text: string): unknown[] {
  const values: unknown[] = [];
  let i = 0;
  const n = text.length;
  const skipSpace = () => {
    while (i < n && /\s/.test(text[i]!)) i++;
  };
  skipSpace();
  while (i < n) {
    const start = i;
    const open = text[i];
    if (open === '{' || open === '[') {
      let depth = 0;
      let inString = false;
      for (; i < n; i++) {
        const ch = text[i];
        if (inString) {
          if (ch === '\\') i++;
          else if (ch === '"') inString = false;
        } else if (ch === '"') inString = true;
        else if (ch === '{' || ch === '[') depth++;
        else if (ch === '}' || ch === ']') {
          depth--;
          if (depth === 0) {
            i++;
            break;
          }
        }
      }
      if (depth !== 0) throw new Error(`unterminated JSON value at offset ${start}`);
    } else {
      // A bare scalar: up to the next white space.
      while (i < n && !/\s/.test(text[i]!)) i++;
    }
    values.push(JSON.parse(text.slice(start, i)));
    skipSpace();
  }
  return values;
}
