import { sql, type ColumnBuilderCallback, type CreateTableBuilder, type Kysely } from 'kysely';
import type { DialectName } from '../connection';

export type { DialectName };

/*
 * The schema idioms the migrations repeat, each once. Migrations are applied history: a helper
 * here must send exactly the statements the migrations sent when they spelled it out (SQLite
 * keeps each table's and index's SQL text as it was sent), so nothing here may change what it
 * sends. It imports no feature and no Database type: a migration must not move when they do.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
export type AnyDb = Kysely<any>;

/** A column's type, as `addColumn` takes it. */
type DataType = Parameters<CreateTableBuilder<string, never>['addColumn']>[1];

/** What a foreign key does when the row it points at is deleted. */
export type OnDelete = 'cascade' | 'restrict' | 'set null';

/** Database-generated integer primary key, spelled the way each dialect wants it. */
export function withId<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: DialectName,
): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

const notNull: ColumnBuilderCallback = (c) => c.notNull();

/**
 * What a column is, as `addColumn`'s third argument:
 * `.addColumn('user_id', 'integer', col.ref('users.id'))`. Kysely writes a column's
 * constraints in one order whatever the order of the calls, so these send what the callbacks
 * spelled out in each migration sent.
 */
export const col = {
  /** `not null` */
  notNull,
  /** `not null unique` */
  notNullUnique: ((c) => c.notNull().unique()) as ColumnBuilderCallback,
  /** `not null default <value>`: counters, flags, states that start somewhere. */
  notNullDefault:
    (value: string | number): ColumnBuilderCallback =>
    (c) =>
      c.notNull().defaultTo(value),
  /** `not null references <target> on delete <action>` (`target` is `table.column`). */
  ref:
    (target: string, onDelete: OnDelete = 'cascade'): ColumnBuilderCallback =>
    (c) =>
      c.notNull().references(target).onDelete(onDelete),
  /** A foreign key that may be null. */
  nullableRef:
    (target: string, onDelete: OnDelete = 'cascade'): ColumnBuilderCallback =>
    (c) =>
      c.references(target).onDelete(onDelete),
  /** The primary key is the row this one extends (one row per member or show), gone with it. */
  primaryRef:
    (target: string): ColumnBuilderCallback =>
    (c) =>
      c.primaryKey().references(target).onDelete('cascade'),
};

/**
 * A member's own rows: numbered, `user_id` first, gone with the member (user data → users
 * cascades, ADR 040). The rest of the table follows as `addColumn`s.
 */
export function memberTable<T extends string>(db: AnyDb, dialect: DialectName, table: T) {
  return withId(db.schema.createTable(table), dialect).addColumn(
    'user_id',
    'integer',
    col.ref('users.id'),
  );
}

/** `created_at` and `updated_at`, side by side, both required (use with `$call`). */
export function timestamps<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return table.addColumn('created_at', 'text', notNull).addColumn('updated_at', 'text', notNull);
}

/**
 * `created_at` and `expires_at`, side by side, both required: a short-lived row (a one-time
 * token, a code, a sign-in on its way) that stops counting at `expires_at` (use with `$call`).
 */
export function expiring<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return table.addColumn('created_at', 'text', notNull).addColumn('expires_at', 'text', notNull);
}

/**
 * One row per pair and nothing else but when (likes, follows, blocks, reveals, dismissals):
 * both columns point at their rows and go with them, and the primary key is the rule.
 */
export async function pairTable(
  db: AnyDb,
  table: string,
  [a, aTarget]: readonly [column: string, target: string],
  [b, bTarget]: readonly [column: string, target: string],
): Promise<void> {
  await db.schema
    .createTable(table)
    .addColumn(a, 'integer', col.ref(aTarget))
    .addColumn(b, 'integer', col.ref(bTarget))
    .addColumn('created_at', 'text', notNull)
    .addPrimaryKeyConstraint(`${table}_pk`, [a, b])
    .execute();
}

/** `alter table <table> add column …`. */
export async function addColumn(
  db: AnyDb,
  table: string,
  column: string,
  type: DataType,
  build?: ColumnBuilderCallback,
): Promise<void> {
  await db.schema.alterTable(table).addColumn(column, type, build).execute();
}

interface IndexOptions {
  unique?: boolean;
  /** A partial index's condition, as SQL. */
  where?: string;
}

/** An index by the schema builder, which quotes its names: `create index "name" on "table" ("a", "b")`. */
export async function index(
  db: AnyDb,
  name: string,
  table: string,
  columns: string | string[],
  { unique = false, where }: IndexOptions = {},
): Promise<void> {
  let builder = db.schema
    .createIndex(name)
    .on(table)
    .columns(typeof columns === 'string' ? [columns] : columns);
  if (unique) builder = builder.unique();
  if (where) builder = builder.where(sql.raw<boolean>(where));
  await builder.execute();
}

/**
 * An index written as SQL, for what the builder does not say as the migration said it: a sort
 * order (`id desc`), an expression (`lower(title)`). `columns` is the text between the
 * parentheses, sent unquoted as it stands.
 */
export async function sqlIndex(
  db: AnyDb,
  name: string,
  table: string,
  columns: string,
  { unique = false, where }: IndexOptions = {},
): Promise<void> {
  const create = unique ? 'create unique index' : 'create index';
  const condition = where ? ` where ${where}` : '';
  await sql.raw(`${create} ${name} on ${table} (${columns})${condition}`).execute(db);
}

/** A table's indexes written as SQL (`sqlIndex`), name → columns, created in that order. */
export async function sqlIndexes(
  db: AnyDb,
  table: string,
  indexes: Record<string, string>,
): Promise<void> {
  for (const [name, columns] of Object.entries(indexes)) await sqlIndex(db, name, table, columns);
}
