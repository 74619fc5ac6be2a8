/**
 * SLOT for the imports feature (issue: import / export): the "Export my data" control of
 * Settings > Danger zone goes here, offered before the account is deleted. It renders nothing
 * until that feature fills it in, so no button without behaviour ever shows.
 */
export function ExportDataSlot() {
  return null;
}
