/**
 * Every sentence the site's e-mails say, in English, the source of their catalogues
 * (locales/<locale>.json; issue 31, ADR 186). ICU messages: `{product}` is the site's name,
 * plurals are spelled out for each language.
 */
export const mailMessages = {
  'mail.greeting': 'Hi {username},',
  'mail.actionLine': '{action}: {link}',
  'mail.buttonFallback': 'If the button does not work, open this address:',
  'mail.allDay': 'All day',
  'mail.forgotPassword': 'Forgot your password? Choose a new one here: {link}',
  'mail.signIn': 'Sign in',
  'mail.nothingMore': 'If it was you, there is nothing more to do.',

  'mail.passwordReset.subject': 'Reset your {product} password',
  'mail.passwordReset.body':
    'Someone asked to reset the password of your {product} account. If it was you, choose a new password with the link below; it works once, within {minutes, plural, one {# minute} other {# minutes}}.',
  'mail.passwordReset.action': 'Choose a new password',
  'mail.passwordReset.footnote':
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',

  'mail.registrationConfirm.subject': 'Finish creating your {product} account',
  'mail.registrationConfirm.body':
    'Someone — we hope you — asked to create a {product} account with this address and the username {username}. Open the link below to finish: your account is created and you are signed in. It works once, within {hours, plural, one {# hour} other {# hours}}.',
  'mail.registrationConfirm.action': 'Finish creating my account',
  'mail.registrationConfirm.footnote':
    'If you did not ask for this, ignore this e-mail: no account is made without the link.',

  'mail.registrationExists.subject': 'You already have a {product} account',
  'mail.registrationExists.body':
    'Someone — perhaps you — just tried to create a new {product} account with this address. It already belongs to your account, username {username}, so no new account was made.',
  'mail.registrationExists.footnote':
    'If it was not you, nothing has changed: you can ignore this e-mail.',

  'mail.emailChangeConfirm.subject': 'Confirm your new e-mail address for {product}',
  'mail.emailChangeConfirm.body':
    'Someone — we hope you — asked to use this address for the {product} account {username}. Open the link below to confirm: the account switches to this address. It works once, within {hours, plural, one {# hour} other {# hours}}.',
  'mail.emailChangeConfirm.action': 'Confirm my new address',
  'mail.emailChangeConfirm.footnote':
    'If you did not ask for this, ignore this e-mail: the address is not used without the link.',

  'mail.emailChangeTaken.subject':
    'Someone tried to use your address for another {product} account',
  'mail.emailChangeTaken.body':
    'Someone signed in to another {product} account just asked to use this address for it. The address belongs to your account, username {username}, so nothing changed and it stays yours.',
  'mail.emailChangeTaken.footnote':
    'If it was you, from a second account, use another address there.',

  'mail.emailVerification.subject': 'Confirm your e-mail address for {product}',
  'mail.emailVerification.body':
    'Please confirm that this is the address of your {product} account, so we can reach you if you ever need to reset your password.',
  'mail.emailVerification.action': 'Confirm my address',
  'mail.emailVerification.footnote': 'If you did not create an account, ignore this e-mail.',

  'mail.emailChanged.subject': 'Your {product} e-mail address was changed',
  'mail.emailChanged.body':
    'The e-mail address of your {product} account was just changed from this address to {hint}.',
  'mail.emailChanged.undo':
    'If you did not do this, undo the change with the link below within {days, plural, one {# day} other {# days}}: your account goes back to this address and every session is signed out.',
  'mail.emailChanged.action': 'Undo the change',

  'mail.passwordChanged.subject': 'Your {product} password was changed',
  'mail.passwordChanged.body':
    'The password of your {product} account was just changed, and every other session was signed out.',
  'mail.passwordChanged.ifNotYou':
    'If you did not do this, choose a new password now with the link below.',
  'mail.passwordChanged.action': 'Reset my password',

  'mail.importFinished.subject': 'Your {product} import is done',
  'mail.importFinished.body':
    'Your import of a {source} has finished: {shows, plural, one {# show} other {# shows}} and {episodes, plural, one {# newly watched episode} other {# newly watched episodes}}.',
  'mail.importFinished.file': 'file',
  'mail.importFinished.unmatched':
    '{unmatched, plural, one {# row could not be placed; the report lists it, and you can fix it by picking the right show.} other {# rows could not be placed; the report lists each one, and you can fix them by picking the right show.}}',
  'mail.importFinished.allMatched': 'Every row found its show.',
  'mail.importFinished.action': 'Open the report',
  'mail.importFinished.footnote': 'You receive this because you imported a file into your account.',

  'mail.episodeAired.subject': 'New episode: {episode}',
  'mail.episodeAired.body': 'A new episode of a show you are watching is out: {line}.',
  'mail.episodeAired.action': 'Open the episode',
  'mail.episodeAired.footnote':
    'You receive this because you asked for an e-mail for each new episode. Unsubscribe: {link}',

  'mail.episodeDigest.subject':
    'Today on your shows: {count, plural, one {# episode} other {# episodes}} ({date})',
  'mail.episodeDigest.intro':
    'Airing today, {date}, on shows you are watching (times in your time zone):',
  'mail.episodeDigest.action': 'Open your calendar',
  'mail.episodeDigest.footnote':
    'You receive this because you asked for a daily digest of new episodes. Unsubscribe: {link}',

  'mail.moderation.whatReview': 'your review “{title}” of {show}',
  'mail.moderation.whatEpisodeReview': 'your episode review ({episode})',
  'mail.moderation.whatComment': "your comment on {author}'s review of {show}",
  'mail.moderation.whatList': 'your list “{name}”',
  'mail.moderation.whatAccount': 'your account',
  'mail.moderation.hide.subject': 'A moderator hid something you wrote',
  'mail.moderation.hide.body':
    'A moderator hid {what}. Other members no longer see it; you still do, with a notice.',
  'mail.moderation.remove.subject': 'A moderator removed something you wrote',
  'mail.moderation.remove.body': 'A moderator removed {what}. Nobody sees it any more.',
  'mail.moderation.spoiler.subject': 'A moderator marked your review as a spoiler',
  'mail.moderation.spoiler.body':
    'A moderator marked {what} as containing spoilers, so it is blurred until a reader opens it.',
  'mail.moderation.suspend.subject': 'Your {product} account is suspended',
  'mail.moderation.suspend.until':
    'A moderator suspended your account until {until} UTC. You can still sign in and read, but not post, like, comment, follow or change anything.',
  'mail.moderation.suspend.forever':
    'A moderator suspended your account with no end date. You can still sign in and read, but not post, like, comment, follow or change anything.',
  'mail.moderation.suspend.hidden':
    '{count, plural, one {# public thing you wrote is hidden from others.} other {# public things you wrote are hidden from others.}}',
  'mail.moderation.unsuspend.subject': 'Your {product} account is no longer suspended',
  'mail.moderation.unsuspend.body':
    'A moderator lifted the suspension of your account: you can post and change things again.',
  'mail.moderation.reason': "The moderator's reason: {reason}",
  'mail.moderation.action': 'Open the site',
  'mail.moderation.footnote':
    'You receive this because a moderator acted on your account or what you wrote.',
} as const;

export type MailMessageId = keyof typeof mailMessages;
