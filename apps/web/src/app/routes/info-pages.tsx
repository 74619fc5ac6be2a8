import { authLimits } from '@series-tracker/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { pageTitle } from '@/lib/site';

const link =
  'rounded font-medium text-violet-300 underline decoration-violet-500/40 underline-offset-2 hover:text-violet-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400';

function InfoPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <article className="mx-auto w-full max-w-3xl flex-1 px-4 py-10 sm:px-6 sm:py-14">
      <title>{pageTitle(title)}</title>
      <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">{title}</h1>
      <p className="mt-3 text-lg leading-relaxed text-slate-300">{intro}</p>
      <div className="mt-8 space-y-8 leading-relaxed text-slate-300 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-white [&_li]:mt-1.5 [&_p]:mt-2 [&_ul]:mt-2 [&_ul]:list-disc [&_ul]:pl-5">
        {children}
      </div>
    </article>
  );
}

function External({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={link}>
      {children}
    </a>
  );
}

export function AboutRoute() {
  return (
    <InfoPage
      title="About Series Tracker"
      intro="A site for TV and anime viewers: find shows, keep a watchlist, mark the episodes you have seen and see what to watch next."
    >
      <section>
        <h2>Where the data comes from</h2>
        <p>
          Show and episode information for TV series comes from{' '}
          <External href="https://www.tvmaze.com">TVmaze</External>, used under the{' '}
          <External href="https://creativecommons.org/licenses/by-sa/4.0/">
            Creative Commons Attribution-ShareAlike 4.0 licence (CC BY-SA 4.0)
          </External>
          . Anime titles, air dates and links come from{' '}
          <External href="https://github.com/bangumi-data/bangumi-data">bangumi-data</External>,
          used under the{' '}
          <External href="https://creativecommons.org/licenses/by/4.0/">
            Creative Commons Attribution 4.0 licence (CC BY 4.0)
          </External>
          .
        </p>
        <p>
          Posters and episode stills are not copied onto this site: they are loaded directly from
          TVmaze&apos;s image server (static.tvmaze.com). When an image is missing or cannot load,
          you see a plain placeholder instead.
        </p>
        <p>
          The catalogue is a snapshot that the site refreshes from TVmaze from time to time, so some
          shows have incomplete episode lists, synopses or artwork. Each show page names its source.
        </p>
      </section>
      <section>
        <h2>What you can do today</h2>
        <ul>
          <li>Create an account, sign in and sign out.</li>
          <li>
            In Settings: change your display name, username, bio and avatar, make your profile
            private, confirm or change your email address, change your password, see where you are
            signed in and sign out other devices, or delete your account.
          </li>
          <li>Choose a new password by email when you forget it.</li>
          <li>
            Search the whole catalogue by any of a show&apos;s titles, and browse it by genre,
            status and type.
          </li>
          <li>Open show pages with details, seasons and episode lists, and episode pages.</li>
          <li>
            Keep a watchlist with a status for each show (Watching, Plan to Watch, Completed, On
            Hold, Dropped) and a score from 1 to 10.
          </li>
          <li>Mark episodes as watched, one at a time or a whole season at once.</li>
          <li>Mark shows as favourites.</li>
          <li>
            Make lists of shows, ranked or not, public or private; share them, and follow or copy
            other members&apos; lists.
          </li>
          <li>
            Write reviews of shows (rated from 0.5 to 10, public or private, with spoilers hidden
            until a reader reveals them) and of single episodes; like and comment on other
            members&apos; reviews, and reply to comments.
          </li>
          <li>
            See Up Next on the home page: the next episode of each show you are watching, and
            today&apos;s new episodes.
          </li>
          <li>
            Follow other viewers, see what they watch in Recent Activity, open their profiles with
            their statistics, and compare your taste with theirs.
          </li>
          <li>
            Bring your history from Trakt, TV Time, MyAnimeList, IMDb or Simkl, and export
            everything you keep here as JSON or CSV (Import &amp; export, in your account menu).
          </li>
        </ul>
        <p></p>
      </section>
    </InfoPage>
  );
}

export function PrivacyRoute() {
  return (
    <InfoPage title="Privacy" intro="What this site stores about you, and what it does not.">
      <section>
        <h2>What we store</h2>
        <ul>
          <li>Your account: username, email address, optional display name, bio and avatar.</li>
          <li>
            Your password only as a salted hash (scrypt); the password itself is never stored.
          </li>
          <li>
            What you track: your watchlist (status, score, start and finish dates), the episodes you
            marked as watched and your favourite shows.
          </li>
          <li>
            Who you follow and block, and an activity log of what you watch, rate, review and list.
            Private reviews and lists are never in it; while your profile is private nobody else
            sees it.
          </li>
          <li>
            A registration you have not finished yet: the username, address, display name and
            password hash you typed, kept until you open the link we mailed or for{' '}
            {authLimits.registrationHours} hours, then deleted. Nobody is told whether an address
            already has an account; its owner gets an e-mail instead.
          </li>
          <li>
            Sign-in sessions, stored as hashes of the tokens with the browser&apos;s name (user
            agent) and when each was last used, so that signing out really ends a session.
          </li>
        </ul>
      </section>
      <section>
        <h2>What we do not do</h2>
        <ul>
          <li>No advertising, no analytics and no tracking cookies.</li>
          <li>We do not sell or share your data.</li>
          <li>Your email address is never shown to other people.</li>
          <li>
            Uploaded avatars are re-encoded before they are stored, so the camera details and
            location inside a photo never reach the site.
          </li>
        </ul>
      </section>
      <section>
        <h2>Leaving</h2>
        <p>
          Deleting your account (Settings, Danger zone) removes it at once with everything you
          tracked and everything you wrote: reviews, comments, lists, likes and follows.
        </p>
      </section>
      <section>
        <h2>In your browser</h2>
        <p>
          When you sign in, your session token is kept in your browser&apos;s local storage so you
          stay signed in. Signing out removes it and ends the session on the server.
        </p>
        <p>
          Posters and stills load from TVmaze&apos;s image server, which therefore sees your IP
          address like any website you visit.
        </p>
      </section>
    </InfoPage>
  );
}

export function TermsRoute() {
  return (
    <InfoPage title="Terms" intro="Plain rules for using Series Tracker.">
      <section>
        <h2>Using the site</h2>
        <ul>
          <li>Keep your account details accurate and your password to yourself.</li>
          <li>
            Be decent to other viewers. Do not post anything illegal, hateful or someone else&apos;s
            private data.
          </li>
          <li>Do not try to break, overload or scrape the site.</li>
        </ul>
      </section>
      <section>
        <h2>The catalogue</h2>
        <p>
          Show data comes from TVmaze (CC BY-SA 4.0) and bangumi-data (CC BY 4.0); see{' '}
          <Link to="/about" className={link}>
            About
          </Link>
          . It is provided as is and may be incomplete or out of date.
        </p>
      </section>
      <section>
        <h2>No warranty</h2>
        <p>The site is offered as it is, without guarantees of availability or accuracy.</p>
      </section>
    </InfoPage>
  );
}

export function HelpRoute() {
  return (
    <InfoPage title="Help" intro="Answers to the questions people ask most.">
      <section>
        <h2>How do I find a show?</h2>
        <p>
          Type at least two letters in the search box at the top of any page; up to six suggestions
          appear when you pause. Choosing a suggestion (with the mouse, or with the arrow keys and
          Enter) searches for that show&apos;s title, with the best match first; Enter without a
          highlighted suggestion searches for what you typed. You can also{' '}
          <Link to="/browse" className={link}>
            browse the catalogue
          </Link>{' '}
          by genre, status and type.
        </p>
      </section>
      <section>
        <h2>How do I track a show?</h2>
        <p>
          <Link to="/register" className={link}>
            Create an account
          </Link>{' '}
          or{' '}
          <Link to="/login" className={link}>
            sign in
          </Link>
          , open the show&apos;s page and add it to your watchlist with a status. Your{' '}
          <Link to="/watchlist" className={link}>
            watchlist
          </Link>{' '}
          lets you filter by status, change it, give a score from 1 to 10 or remove a show.
        </p>
      </section>
      <section>
        <h2>How do I mark episodes as watched?</h2>
        <p>
          On a show&apos;s Episodes tab, tick each episode you have seen, or a whole season at once;
          an episode page has a Mark as Watched button too. Marking an episode adds the show to your
          watchlist as Watching, and the home page&apos;s Up Next row then offers the next episode.
          Episodes that have not aired yet cannot be marked.
        </p>
      </section>
      <section>
        <h2>What does &quot;Airing&quot; mean?</h2>
        <p>
          A show is shown as Airing when its source says it is running and an episode aired in the
          last 18 months or is scheduled. A show its source still calls running with nothing aired
          for longer is shown as TBD (to be announced) instead: it may be on a long break or have
          quietly ended.
        </p>
      </section>
      <section>
        <h2>Why does a show have no poster or only some episodes?</h2>
        <p>
          The catalogue comes from open sources. Many anime have no artwork or synopsis there, and
          many shows have only part of their episode list so far. The site fills gaps as it
          refreshes its data.
        </p>
      </section>
      <section>
        <h2>Which day is &quot;today&quot;?</h2>
        <p>
          <Link to="/today" className={link}>
            Today&apos;s New Episodes
          </Link>{' '}
          uses the date on your device, so it follows your own time zone.
        </p>
      </section>
      <section>
        <h2>How do lists work?</h2>
        <p>
          Open <Link to="/lists/create">Create List</Link>, name the list, pick shows and create it.
          A ranked list numbers its shows and you can drag them (or use the up and down buttons)
          into your order; a private list is seen by you alone. Other members can follow a public
          list or copy it as a private list of their own.
        </p>
      </section>
      <section>
        <h2>Can I bring my history from another tracker?</h2>
        <p>
          Yes. Once signed in, open Import &amp; export from your account menu and upload a Trakt
          export ZIP, a TV Time GDPR export, a MyAnimeList XML export, an IMDb ratings or watchlist
          CSV or a Simkl backup. Each watch keeps its original date, importing the same file again
          adds nothing twice, and the report lists every row we could not place so you can pick the
          right show. The same page exports everything you have here as JSON or CSV.
        </p>
        <h2>How do following and activity work?</h2>
        <p>
          Find people on the{' '}
          <Link to="/search?tab=users" className={link}>
            search page
          </Link>{' '}
          or from their profiles and press Follow. Recent Activity on the home page then shows what
          they watch, rate, review and list; signed out, it shows the whole community. A private
          profile shows only its name, picture and counts, even to followers. Blocking someone ends
          follows both ways, and they can no longer follow you, comment on your reviews or see your
          activity.
        </p>
      </section>
      <section>
        <h2>Can I write reviews?</h2>
        <p>
          Yes: open a show and choose Write Review on its Reviews tab, or use Write Review on the{' '}
          <Link to="/reviews" className={link}>
            Reviews
          </Link>{' '}
          page. A private review is seen by you alone. Episodes have their own reviews on each
          episode&apos;s page.
        </p>
      </section>
    </InfoPage>
  );
}
