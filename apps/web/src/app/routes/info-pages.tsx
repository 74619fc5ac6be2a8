import { authLimits } from '@series-tracker/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import { external, InfoPage, internal } from './info-page';

export { HelpRoute } from './info-help';

export function AboutRoute() {
  const intl = useIntl();
  return (
    <InfoPage
      title={intl.formatMessage({ id: 'info.aboutTitle', defaultMessage: 'About Series Tracker' })}
      intro={intl.formatMessage({
        id: 'info.aboutIntro',
        defaultMessage:
          'A site for TV and anime viewers: find shows, keep a watchlist, mark the episodes you have seen and see what to watch next.',
      })}
    >
      <section>
        <h2>
          <FormattedMessage id="info.aboutDataHeading" defaultMessage="Where the data comes from" />
        </h2>
        <p>
          <FormattedMessage
            id="info.aboutDataSources"
            defaultMessage="Show and episode information for TV series comes from <tvmaze>TVmaze</tvmaze>, used under the <ccBySa>Creative Commons Attribution-ShareAlike 4.0 licence (CC BY-SA 4.0)</ccBySa>. Anime titles, air dates and links come from <bangumi>bangumi-data</bangumi>, used under the <ccBy>Creative Commons Attribution 4.0 licence (CC BY 4.0)</ccBy>."
            values={{
              tvmaze: external('https://www.tvmaze.com'),
              ccBySa: external('https://creativecommons.org/licenses/by-sa/4.0/'),
              bangumi: external('https://github.com/bangumi-data/bangumi-data'),
              ccBy: external('https://creativecommons.org/licenses/by/4.0/'),
            }}
          />
        </p>
        <p>
          <FormattedMessage
            id="info.aboutImages"
            defaultMessage="Posters and episode stills are not copied onto this site: they are loaded directly from TVmaze's image server (static.tvmaze.com). When an image is missing or cannot load, you see a plain placeholder instead."
          />
        </p>
        <p>
          <FormattedMessage
            id="info.aboutSnapshot"
            defaultMessage="The catalogue is a snapshot that the site refreshes from TVmaze from time to time, so some shows have incomplete episode lists, synopses or artwork. Each show page names its source."
          />
        </p>
      </section>
      <section>
        <h2>
          <FormattedMessage id="info.aboutFeaturesHeading" defaultMessage="What you can do today" />
        </h2>
        <ul>
          <li>
            <FormattedMessage
              id="info.aboutAccount"
              defaultMessage="Create an account, sign in and sign out."
            />
          </li>
          <li>
            <FormattedMessage
              id="info.aboutSettings"
              defaultMessage="In Settings: change your display name, username, bio and avatar, make your profile private, confirm or change your email address, change your password, see where you are signed in and sign out other devices, or delete your account."
            />
          </li>
          <li>
            <FormattedMessage
              id="info.aboutPasswordReset"
              defaultMessage="Choose a new password by email when you forget it."
            />
          </li>
          <li>
            <FormattedMessage
              id="info.aboutSearch"
              defaultMessage="Search the whole catalogue by any of a show's titles, and browse it by genre, status and type."
            />
          </li>
          <li>
            <FormattedMessage
              id="info.aboutShowPages"
              defaultMessage="Open show pages with details, seasons and episode lists, and episode pages."
            />
          </li>
          <li>
            <FormattedMessage
              id="info.aboutWatchlist"
              defaultMessage="Keep a watchlist with a status for each show (Watching, Plan to Watch, Completed, On Hold, Dropped) and a score from 1 to 10."
            />
          </li>
          <li>
            <FormattedMessage
              id="info.aboutEpisodes"
              defaultMessage="Mark episodes as watched, one at a time or a whole season at once."
            />
          </li>
          <li>
            <FormattedMessage
              id="info.aboutFavourites"
              defaultMessage="Mark shows as favourites."
            />
          </li>
          <li>
            <FormattedMessage
              id="info.aboutLists"
              defaultMessage="Make lists of shows, ranked or not, public or private; share them, and follow or copy other members' lists."
            />
          </li>
          <li>
            <FormattedMessage
              id="info.aboutReviews"
              defaultMessage="Write reviews of shows (rated from 0.5 to 10, public or private, with spoilers hidden until a reader reveals them) and of single episodes; like and comment on other members' reviews, and reply to comments."
            />
          </li>
          <li>
            <FormattedMessage
              id="info.aboutUpNext"
              defaultMessage="See Up Next on the home page: the next episode of each show you are watching, and today's new episodes."
            />
          </li>
          <li>
            <FormattedMessage
              id="info.aboutFollow"
              defaultMessage="Follow other viewers, see what they watch in Recent Activity, open their profiles with their statistics, and compare your taste with theirs."
            />
          </li>
          <li>
            <FormattedMessage
              id="info.aboutImport"
              defaultMessage="Bring your history from Trakt, TV Time, MyAnimeList, IMDb or Simkl, and export everything you keep here as JSON or CSV (Import & export, in your account menu)."
            />
          </li>
        </ul>
        <p></p>
      </section>
    </InfoPage>
  );
}

export function PrivacyRoute() {
  const intl = useIntl();
  return (
    <InfoPage
      title={intl.formatMessage({ id: 'info.privacyTitle', defaultMessage: 'Privacy' })}
      intro={intl.formatMessage({
        id: 'info.privacyIntro',
        defaultMessage: 'What this site stores about you, and what it does not.',
      })}
    >
      <section>
        <h2>
          <FormattedMessage id="info.privacyStoreHeading" defaultMessage="What we store" />
        </h2>
        <ul>
          <li>
            <FormattedMessage
              id="info.privacyAccount"
              defaultMessage="Your account: username, email address, optional display name, bio and avatar."
            />
          </li>
          <li>
            <FormattedMessage
              id="info.privacyPassword"
              defaultMessage="Your password only as a salted hash (scrypt); the password itself is never stored."
            />
          </li>
          <li>
            <FormattedMessage
              id="info.privacyTracking"
              defaultMessage="What you track: your watchlist (status, score, start and finish dates), the episodes you marked as watched and your favourite shows."
            />
          </li>
          <li>
            <FormattedMessage
              id="info.privacyActivity"
              defaultMessage="Who you follow and block, and an activity log of what you watch, rate, review and list. Private reviews and lists are never in it; while your profile is private nobody else sees it."
            />
          </li>
          <li>
            <FormattedMessage
              id="info.privacyRegistration"
              defaultMessage="A registration you have not finished yet: the username, address, display name and password hash you typed, kept until you open the link we mailed or for {hours, plural, one {# hour} other {# hours}}, then deleted. Nobody is told whether an address already has an account; its owner gets an e-mail instead."
              values={{ hours: authLimits.registrationHours }}
            />
          </li>
          <li>
            <FormattedMessage
              id="info.privacySessions"
              defaultMessage="Sign-in sessions, stored as hashes of the tokens with the browser's name (user agent) and when each was last used, so that signing out really ends a session."
            />
          </li>
        </ul>
      </section>
      <section>
        <h2>
          <FormattedMessage id="info.privacyNotHeading" defaultMessage="What we do not do" />
        </h2>
        <ul>
          <li>
            <FormattedMessage
              id="info.privacyNoAds"
              defaultMessage="No advertising, no analytics and no tracking cookies."
            />
          </li>
          <li>
            <FormattedMessage
              id="info.privacyNoSelling"
              defaultMessage="We do not sell or share your data."
            />
          </li>
          <li>
            <FormattedMessage
              id="info.privacyEmailHidden"
              defaultMessage="Your email address is never shown to other people."
            />
          </li>
          <li>
            <FormattedMessage
              id="info.privacyAvatars"
              defaultMessage="Uploaded avatars are re-encoded before they are stored, so the camera details and location inside a photo never reach the site."
            />
          </li>
        </ul>
      </section>
      <section>
        <h2>
          <FormattedMessage id="info.privacyLeavingHeading" defaultMessage="Leaving" />
        </h2>
        <p>
          <FormattedMessage
            id="info.privacyLeaving"
            defaultMessage="Deleting your account (Settings, Danger zone) removes it at once with everything you tracked and everything you wrote: reviews, comments, lists, likes and follows."
          />
        </p>
      </section>
      <section>
        <h2>
          <FormattedMessage id="info.privacyBrowserHeading" defaultMessage="In your browser" />
        </h2>
        <p>
          <FormattedMessage
            id="info.privacyToken"
            defaultMessage="When you sign in, your session token is kept in your browser's local storage so you stay signed in. Signing out removes it and ends the session on the server."
          />
        </p>
        <p>
          <FormattedMessage
            id="info.privacyImages"
            defaultMessage="Posters and stills load from TVmaze's image server, which therefore sees your IP address like any website you visit."
          />
        </p>
      </section>
    </InfoPage>
  );
}

export function TermsRoute() {
  const intl = useIntl();
  return (
    <InfoPage
      title={intl.formatMessage({ id: 'info.termsTitle', defaultMessage: 'Terms' })}
      intro={intl.formatMessage({
        id: 'info.termsIntro',
        defaultMessage: 'Plain rules for using Series Tracker.',
      })}
    >
      <section>
        <h2>
          <FormattedMessage id="info.termsUseHeading" defaultMessage="Using the site" />
        </h2>
        <ul>
          <li>
            <FormattedMessage
              id="info.termsAccount"
              defaultMessage="Keep your account details accurate and your password to yourself."
            />
          </li>
          <li>
            <FormattedMessage
              id="info.termsDecent"
              defaultMessage="Be decent to other viewers. Do not post anything illegal, hateful or someone else's private data."
            />
          </li>
          <li>
            <FormattedMessage
              id="info.termsNoAbuse"
              defaultMessage="Do not try to break, overload or scrape the site."
            />
          </li>
        </ul>
      </section>
      <section>
        <h2>
          <FormattedMessage id="info.termsCatalogueHeading" defaultMessage="The catalogue" />
        </h2>
        <p>
          <FormattedMessage
            id="info.termsCatalogue"
            defaultMessage="Show data comes from TVmaze (CC BY-SA 4.0) and bangumi-data (CC BY 4.0); see <about>About</about>. It is provided as is and may be incomplete or out of date."
            values={{ about: internal('/about') }}
          />
        </p>
      </section>
      <section>
        <h2>
          <FormattedMessage id="info.termsWarrantyHeading" defaultMessage="No warranty" />
        </h2>
        <p>
          <FormattedMessage
            id="info.termsWarranty"
            defaultMessage="The site is offered as it is, without guarantees of availability or accuracy."
          />
        </p>
      </section>
    </InfoPage>
  );
}
