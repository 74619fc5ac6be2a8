/**
 * The columns of a member's card (id, name, display name, avatar) from `users as <alias>`, each
 * renamed `<prefix><column>`: an activity's author and target, a notification's actor.
 */
export const memberColumns = <A extends string, P extends string>(alias: A, prefix: P) =>
  [
    `${alias}.id as ${prefix}id`,
    `${alias}.username as ${prefix}username`,
    `${alias}.display_name as ${prefix}display_name`,
    `${alias}.avatar_url as ${prefix}avatar_url`,
  ] as const;
