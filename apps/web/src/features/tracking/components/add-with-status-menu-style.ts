/** The menu trigger's look, shared with the placeholder shown while the menu's code loads. */
export const menuTriggerStyle =
  'inline-flex h-10 items-center rounded-e-lg border-s border-violet-400/40 bg-violet-600 px-2 text-white hover:bg-violet-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400 disabled:opacity-50';
