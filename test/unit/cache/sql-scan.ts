// Finds SQL, schema changes and private better-sqlite3 connections in TypeScript source, from
// its syntax tree (so comments never count): used by sql-only-in-cache.test.ts.
import ts from 'typescript';

/** SQL statements as this codebase writes them (upper-case keywords), not HTTP verbs or prose. */
const SQL =
  /\b(SELECT\s+(DISTINCT\s+)?[\w*"(]|INSERT\s+(OR\s+[A-Z]+\s+)?INTO\b|REPLACE\s+INTO\b|UPDATE\s+[\w"]+\s+SET\b|DELETE\s+FROM\b|PRAGMA\s+\w|WITH\s+(RECURSIVE\s+)?\w+(\s*\([^)]*\))?\s+AS\s*\()/;
/** Schema changes, which belong in a numbered migration. */
const DDL =
  /\b(CREATE\s+(TEMP\s+|TEMPORARY\s+|UNIQUE\s+|VIRTUAL\s+)?(TABLE|INDEX|TRIGGER|VIEW)\b|ALTER\s+TABLE\b|DROP\s+(TABLE|INDEX|TRIGGER|VIEW)\b|IF\s+NOT\s+EXISTS\b)/;

export interface Finding {
  line: number;
  /** 'schema': a table, index, trigger or view made, altered or dropped; 'sql': any other. */
  kind: 'sql' | 'schema';
  what: string;
}

const isRegExpMaker = (e: ts.Expression | undefined): boolean =>
  e !== undefined &&
  (ts.isRegularExpressionLiteral(e) ||
    (ts.isNewExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === 'RegExp'));

/** The text of a string or template literal (a template's literal parts), else null. */
function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ? ');
  return null;
}

/**
 * SQL and schema in one source file. `.prepare(` and `.pragma(` are better-sqlite3's; `.exec(`
 * is taken for SQL unless called on a RegExp this file made (a regex literal, `new RegExp`, or
 * a name bound to one), which is how the code matches text.
 */
export function findSql(source: string, file = 'x.ts'): Finding[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const regexNames = new Set<string>();
  const collect = (node: ts.Node): void => {
    if (
      (ts.isVariableDeclaration(node) || ts.isPropertyAssignment(node) || ts.isPropertyDeclaration(node)) &&
      isRegExpMaker(node.initializer) &&
      (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name))
    )
      regexNames.add(node.name.text);
    ts.forEachChild(node, collect);
  };
  collect(sf);

  const found: Finding[] = [];
  const at = (node: ts.Node, what: string, kind: Finding['kind'] = 'sql') =>
    found.push({ line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, kind, what });
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const name = node.expression.name.text;
      const receiver = node.expression.expression;
      const receiverName = ts.isIdentifier(receiver)
        ? receiver.text
        : ts.isPropertyAccessExpression(receiver)
          ? receiver.name.text
          : null;
      const onRegExp = isRegExpMaker(receiver) || (receiverName !== null && regexNames.has(receiverName));
      if (name === 'prepare' || name === 'pragma' || (name === 'exec' && !onRegExp))
        at(node, `${receiver.getText(sf)}.${name}(…)`);
    }
    if (
      ts.isImportDeclaration(node) &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      node.moduleSpecifier.text === 'better-sqlite3' &&
      !node.importClause?.isTypeOnly
    )
      at(node, 'opens its own better-sqlite3 connection (import type only, or use openCache)');
    const text = literalText(node);
    if (text !== null) {
      const oneLine = text.replace(/\s+/g, ' ').trim().slice(0, 60);
      if (DDL.test(text)) at(node, `schema change "${oneLine}"`, 'schema');
      else if (SQL.test(text)) at(node, `SQL "${oneLine}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}
