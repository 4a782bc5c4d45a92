import { splitStatements } from '../../../server/src/db/sqlText';

describe('splitStatements', () => {
  it('splits at top-level semicolons and drops empty and comment-only statements', () => {
    expect(splitStatements('SELECT 1; SELECT 2;\n\n-- the end\n;')).toEqual(['SELECT 1', 'SELECT 2']);
    expect(splitStatements('SELECT 1')).toEqual(['SELECT 1']);
    expect(splitStatements('  ;; -- nothing\n/* at all */ ;')).toEqual([]);
  });

  it('keeps semicolons inside dollar-quoted bodies, strings, identifiers and comments', () => {
    const fn = `CREATE OR REPLACE FUNCTION f() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1; -- a comment; with a semicolon
  PERFORM $inner$ ; $inner$;
END
$$`;
    const text = `${fn};
SELECT 'a;b', 'it''s; fine', E'back\\'slash;', "odd;name" FROM t; /* one; /* nested; */ still; */ SELECT 3;
SELECT $tag$ $$ ; $tag$;`;
    expect(splitStatements(text)).toEqual([
      fn,
      `SELECT 'a;b', 'it''s; fine', E'back\\'slash;', "odd;name" FROM t`,
      '/* one; /* nested; */ still; */ SELECT 3',
      'SELECT $tag$ $$ ; $tag$',
    ]);
  });

  it('does not take a positional parameter or an identifier with $ for a dollar quote', () => {
    expect(splitStatements('SELECT $1; SELECT a$b$c FROM t;')).toEqual(['SELECT $1', 'SELECT a$b$c FROM t']);
  });

  it('refuses text that ends inside a quote, a body or a comment', () => {
    expect(() => splitStatements("SELECT 'open;")).toThrow('quoted string');
    expect(() => splitStatements('SELECT $$ open;')).toThrow('$$ body');
    expect(() => splitStatements('SELECT 1 /* open;')).toThrow('comment');
    expect(() => splitStatements('SELECT "open;')).toThrow('identifier');
  });
});
