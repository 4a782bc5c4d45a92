/**
 * Splits SQL text into its statements at the semicolons outside quotes, dollar-quoted bodies and comments. PGlite
 * runs one statement per query (the extended protocol), so a .sql file is sent statement by statement.
 */
export function splitStatements(text: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let hasCode = false;
  let i = 0;
  const isWordChar = (char: string | undefined) => char !== undefined && /[A-Za-z0-9_$]/.test(char);

  const end = (at: number) => {
    const statement = text.slice(start, at).trim();
    if (hasCode) statements.push(statement);
    start = at + 1;
    hasCode = false;
  };

  while (i < text.length) {
    const char = text[i];
    const next = text[i + 1];
    if (char === '-' && next === '-') {
      const newline = text.indexOf('\n', i);
      i = newline === -1 ? text.length : newline + 1;
      continue;
    }
    if (char === '/' && next === '*') {
      let depth = 1;
      i += 2;
      while (i < text.length && depth > 0) {
        if (text[i] === '/' && text[i + 1] === '*') {
          depth += 1;
          i += 2;
        } else if (text[i] === '*' && text[i + 1] === '/') {
          depth -= 1;
          i += 2;
        } else {
          i += 1;
        }
      }
      if (depth > 0) throw new Error('SQL text ends inside a /* comment');
      continue;
    }
    if (char === ';') {
      end(i);
      i += 1;
      continue;
    }
    if (!/\s/.test(char)) hasCode = true;
    if (char === "'") {
      // E'…' strings escape with a backslash as well as by doubling the quote.
      const escaped = (text[i - 1] === 'E' || text[i - 1] === 'e') && !isWordChar(text[i - 2]);
      i += 1;
      for (;;) {
        if (i >= text.length) throw new Error('SQL text ends inside a quoted string');
        if (escaped && text[i] === '\\') i += 2;
        else if (text[i] === "'" && text[i + 1] === "'") i += 2;
        else if (text[i] === "'") break;
        else i += 1;
      }
      i += 1;
      continue;
    }
    if (char === '"') {
      const close = text.indexOf('"', i + 1);
      if (close === -1) throw new Error('SQL text ends inside a quoted identifier');
      i = close + 1;
      continue;
    }
    if (char === '$' && !isWordChar(text[i - 1])) {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(i))?.[0];
      if (tag) {
        const close = text.indexOf(tag, i + tag.length);
        if (close === -1) throw new Error(`SQL text ends inside a ${tag} body`);
        i = close + tag.length;
        continue;
      }
    }
    i += 1;
  }
  end(text.length);
  return statements;
}
