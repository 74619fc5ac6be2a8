import type { ActivityItem, WatchStatus } from '@series-tracker/contracts';
import { watchStatusLabels } from '@series-tracker/contracts/constants';
import type { ReactNode } from 'react';
import { defineMessage, defineMessages, type MessageDescriptor } from 'react-intl';
import { Link } from 'react-router';
import { intl } from '@/i18n';
import { contractText } from '@/i18n/contract-text';
import { episodeCode } from '@/lib/format';

export const linkClass =
  'font-semibold text-white hover:text-violet-300 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400';

/**
 * One sentence per kind of entry, each whole (issue 31): the member's name starts it when it is
 * shown (`actor` is `shown`) and is left out on their own profile, where every entry is theirs.
 * English writes the name as an optional start; a language may write two whole sentences. A
 * show is always known in practice, but the sentence says "a show" in its own grammar if not.
 */
const sentences: Record<string, MessageDescriptor> = defineMessages({
  watchedEpisode: {
    id: 'activity.watchedEpisode',
    defaultMessage:
      '{actor, select, shown {<member>{name}</member> } other {}}watched <episodeLink>{episode}</episodeLink> of {showKnown, select, yes {{show}} other {a show}}',
  },
  rewatchedEpisode: {
    id: 'activity.rewatchedEpisode',
    defaultMessage:
      '{actor, select, shown {<member>{name}</member> } other {}}rewatched <episodeLink>{episode}</episodeLink> of {showKnown, select, yes {{show}} other {a show}}',
  },
  watchedEpisodes: {
    id: 'activity.watchedEpisodes',
    defaultMessage:
      '{actor, select, shown {<member>{name}</member> } other {}}watched {count, plural, one {# episode} other {# episodes}} of {showKnown, select, yes {{show}} other {a show}}',
  },
  rewatchedEpisodes: {
    id: 'activity.rewatchedEpisodes',
    defaultMessage:
      '{actor, select, shown {<member>{name}</member> } other {}}rewatched {count, plural, one {# episode} other {# episodes}} of {showKnown, select, yes {{show}} other {a show}}',
  },
  completed: {
    id: 'activity.completed',
    defaultMessage:
      '{actor, select, shown {<member>{name}</member> } other {}}finished {showKnown, select, yes {{show}} other {a show}}',
  },
  added: {
    id: 'activity.added',
    defaultMessage:
      '{actor, select, shown {<member>{name}</member> } other {}}added {showKnown, select, yes {{show}} other {a show}} to their watchlist',
  },
  addedAs: {
    id: 'activity.addedAs',
    defaultMessage:
      '{actor, select, shown {<member>{name}</member> } other {}}added {showKnown, select, yes {{show}} other {a show}} to their watchlist as {status}',
  },
  rated: {
    id: 'activity.rated',
    defaultMessage:
      '{actor, select, shown {<member>{name}</member> } other {}}rated {showKnown, select, yes {{show}} other {a show}}',
  },
  reviewed: {
    id: 'activity.reviewed',
    defaultMessage:
      '{actor, select, shown {<member>{name}</member> } other {}}reviewed {showKnown, select, yes {{show}} other {a show}}',
  },
  reviewedEpisode: {
    id: 'activity.reviewedEpisode',
    defaultMessage:
      '{actor, select, shown {<member>{name}</member> } other {}}reviewed <episodeLink>{episode}</episodeLink> of {showKnown, select, yes {{show}} other {a show}}',
  },
  reviewedAnEpisode: {
    id: 'activity.reviewedAnEpisode',
    defaultMessage:
      '{actor, select, shown {<member>{name}</member> } other {}}reviewed an episode of {showKnown, select, yes {{show}} other {a show}}',
  },
  createdList: {
    id: 'activity.createdList',
    defaultMessage:
      '{actor, select, shown {<member>{name}</member> } other {}}created the list <listLink>{list}</listLink>',
  },
  updatedList: {
    id: 'activity.updatedList',
    defaultMessage:
      '{actor, select, shown {<member>{name}</member> } other {}}updated the list <listLink>{list}</listLink>',
  },
  createdAList: {
    id: 'activity.createdAList',
    defaultMessage: '{actor, select, shown {<member>{name}</member> } other {}}created a list',
  },
  updatedAList: {
    id: 'activity.updatedAList',
    defaultMessage: '{actor, select, shown {<member>{name}</member> } other {}}updated a list',
  },
  followed: {
    id: 'activity.followed',
    defaultMessage:
      '{actor, select, shown {<member>{name}</member> } other {}}started following <personLink>{person}</personLink>',
  },
  followedSomeone: {
    id: 'activity.followedSomeone',
    defaultMessage: '{actor, select, shown {<member>{name}</member> } other {}}followed someone',
  },
});

const episodeWithTitle: MessageDescriptor = defineMessage({
  id: 'activity.episodeWithTitle',
  defaultMessage: '{code} “{title}”',
});

type Values = Record<string, ReactNode | ((chunks: ReactNode[]) => ReactNode)>;

/** A link around a tag's words: `<episodeLink>S1E3</episodeLink>`. */
const linkTo = (to: string) => (chunks: ReactNode[]) => (
  <Link to={to} className={linkClass}>
    {chunks}
  </Link>
);

const isStatus = (value: string | null): value is WatchStatus =>
  value !== null && value in watchStatusLabels;

/** Which sentence an entry is, and the values only it has. */
function sentenceOf(item: ActivityItem): [MessageDescriptor, Values] {
  const { episode } = item;
  const code = episode ? episodeCode(episode.seasonNumber, episode.episodeNumber) : '';
  const episodeLink = linkTo(episode ? `/episode/${episode.id}` : '');
  switch (item.action) {
    case 'watched':
    case 'rewatched': {
      const again = item.action === 'rewatched';
      if (item.episodeCount === 1 && episode) {
        const label = episode.title
          ? intl().formatMessage(episodeWithTitle, { code, title: episode.title })
          : code;
        return [
          again ? sentences.rewatchedEpisode! : sentences.watchedEpisode!,
          { episode: label, episodeLink },
        ];
      }
      return [
        again ? sentences.rewatchedEpisodes! : sentences.watchedEpisodes!,
        { count: item.episodeCount },
      ];
    }
    case 'completed':
      return [sentences.completed!, {}];
    case 'added':
      return isStatus(item.content)
        ? [sentences.addedAs!, { status: contractText(watchStatusLabels[item.content]) }]
        : [sentences.added!, {}];
    case 'rated':
      return [sentences.rated!, {}];
    case 'reviewed':
      return [sentences.reviewed!, {}];
    case 'episode_reviewed':
      return episode
        ? [sentences.reviewedEpisode!, { episode: code, episodeLink }]
        : [sentences.reviewedAnEpisode!, {}];
    case 'list_created':
    case 'list_updated': {
      const created = item.action === 'list_created';
      const { list } = item;
      if (!list) return [created ? sentences.createdAList! : sentences.updatedAList!, {}];
      return [
        created ? sentences.createdList! : sentences.updatedList!,
        {
          list: list.name,
          listLink: linkTo(`/list/${list.id}`),
        },
      ];
    }
    case 'followed': {
      const target = item.targetUser;
      if (!target) return [sentences.followedSomeone!, {}];
      return [
        sentences.followed!,
        {
          person: target.displayName || target.username,
          personLink: linkTo(`/profile/${target.username}`),
        },
      ];
    }
  }
}

/**
 * What the entry says, as one sentence in the interface's language: the member (when
 * `showUser`), what they did, and the show, episode, list or person, each linked.
 */
export function activitySentence(item: ActivityItem, showUser: boolean): ReactNode {
  const [message, values] = sentenceOf(item);
  const show = item.show ? (
    <Link to={`/show/${item.show.id}`} className={linkClass}>
      {item.show.title}
    </Link>
  ) : null;
  return intl().formatMessage(message, {
    ...values,
    showKnown: show ? 'yes' : 'no',
    actor: showUser ? 'shown' : 'hidden',
    name: item.user.displayName || item.user.username,
    show,
    member: linkTo(`/profile/${item.user.username}`),
  });
}
