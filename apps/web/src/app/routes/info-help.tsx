import { FormattedMessage, useIntl } from 'react-intl';
import { InfoPage, internal } from './info-page';

/** /help: answers to the common questions (an info page, beside About, Privacy and Terms). */
export function HelpRoute() {
  const intl = useIntl();
  return (
    <InfoPage
      title={intl.formatMessage({ id: 'info.helpTitle', defaultMessage: 'Help' })}
      intro={intl.formatMessage({
        id: 'info.helpIntro',
        defaultMessage: 'Answers to the questions people ask most.',
      })}
    >
      <section>
        <h2>
          <FormattedMessage id="info.helpFindHeading" defaultMessage="How do I find a show?" />
        </h2>
        <p>
          <FormattedMessage
            id="info.helpFind"
            defaultMessage="Type at least two letters in the search box at the top of any page; up to six suggestions appear when you pause. Choosing a suggestion (with the mouse, or with the arrow keys and Enter) searches for that show's title, with the best match first; Enter without a highlighted suggestion searches for what you typed. You can also <browse>browse the catalogue</browse> by genre, status and type."
            values={{ browse: internal('/browse') }}
          />
        </p>
      </section>
      <section>
        <h2>
          <FormattedMessage id="info.helpTrackHeading" defaultMessage="How do I track a show?" />
        </h2>
        <p>
          <FormattedMessage
            id="info.helpTrack"
            defaultMessage="<register>Create an account</register> or <login>sign in</login>, open the show's page and add it to your watchlist with a status. Your <watchlist>watchlist</watchlist> lets you filter by status, change it, give a score from 1 to 10 or remove a show."
            values={{
              register: internal('/register'),
              login: internal('/login'),
              watchlist: internal('/watchlist'),
            }}
          />
        </p>
      </section>
      <section>
        <h2>
          <FormattedMessage
            id="info.helpMarkHeading"
            defaultMessage="How do I mark episodes as watched?"
          />
        </h2>
        <p>
          <FormattedMessage
            id="info.helpMark"
            defaultMessage="On a show's Episodes tab, tick each episode you have seen, or a whole season at once; an episode page has a Mark as Watched button too. Marking an episode adds the show to your watchlist as Watching, and the home page's Up Next row then offers the next episode. Episodes that have not aired yet cannot be marked."
          />
        </p>
      </section>
      <section>
        <h2>
          <FormattedMessage id="info.helpAiringHeading" defaultMessage='What does "Airing" mean?' />
        </h2>
        <p>
          <FormattedMessage
            id="info.helpAiring"
            defaultMessage="A show is shown as Airing when its source says it is running and an episode aired in the last 18 months or is scheduled. A show its source still calls running with nothing aired for longer is shown as TBD (to be announced) instead: it may be on a long break or have quietly ended."
          />
        </p>
      </section>
      <section>
        <h2>
          <FormattedMessage
            id="info.helpPosterHeading"
            defaultMessage="Why does a show have no poster or only some episodes?"
          />
        </h2>
        <p>
          <FormattedMessage
            id="info.helpPoster"
            defaultMessage="The catalogue comes from open sources. Many anime have no artwork or synopsis there, and many shows have only part of their episode list so far. The site fills gaps as it refreshes its data."
          />
        </p>
      </section>
      <section>
        <h2>
          <FormattedMessage id="info.helpTodayHeading" defaultMessage='Which day is "today"?' />
        </h2>
        <p>
          <FormattedMessage
            id="info.helpToday"
            defaultMessage="<today>Today's New Episodes</today> uses the date on your device, so it follows your own time zone."
            values={{ today: internal('/today') }}
          />
        </p>
      </section>
      <section>
        <h2>
          <FormattedMessage id="info.helpListsHeading" defaultMessage="How do lists work?" />
        </h2>
        <p>
          <FormattedMessage
            id="info.helpLists"
            defaultMessage="Open <create>Create List</create>, name the list, pick shows and create it. A ranked list numbers its shows and you can drag them (or use the up and down buttons) into your order; a private list is seen by you alone. Other members can follow a public list or copy it as a private list of their own."
            values={{ create: internal('/lists/create', { plain: true }) }}
          />
        </p>
      </section>
      <section>
        <h2>
          <FormattedMessage
            id="info.helpImportHeading"
            defaultMessage="Can I bring my history from another tracker?"
          />
        </h2>
        <p>
          <FormattedMessage
            id="info.helpImport"
            defaultMessage="Yes. Once signed in, open Import & export from your account menu and upload a Trakt export ZIP, a TV Time GDPR export, a MyAnimeList XML export, an IMDb ratings or watchlist CSV or a Simkl backup. Each watch keeps its original date, importing the same file again adds nothing twice, and the report lists every row we could not place so you can pick the right show. The same page exports everything you have here as JSON or CSV."
          />
        </p>
        <h2>
          <FormattedMessage
            id="info.helpFollowHeading"
            defaultMessage="How do following and activity work?"
          />
        </h2>
        <p>
          <FormattedMessage
            id="info.helpFollow"
            defaultMessage="Find people on the <search>search page</search> or from their profiles and press Follow. Recent Activity on the home page then shows what they watch, rate, review and list; signed out, it shows the whole community. A private profile shows only its name, picture and counts, even to followers. Blocking someone ends follows both ways, and they can no longer follow you, comment on your reviews or see your activity."
            values={{ search: internal('/search?tab=users') }}
          />
        </p>
      </section>
      <section>
        <h2>
          <FormattedMessage id="info.helpReviewsHeading" defaultMessage="Can I write reviews?" />
        </h2>
        <p>
          <FormattedMessage
            id="info.helpReviews"
            defaultMessage="Yes: open a show and choose Write Review on its Reviews tab, or use Write Review on the <reviews>Reviews</reviews> page. A private review is seen by you alone. Episodes have their own reviews on each episode's page."
            values={{ reviews: internal('/reviews') }}
          />
        </p>
      </section>
    </InfoPage>
  );
}
