import { defineMessages } from 'react-intl';
import { intl } from '@/i18n/locale-state';

/**
 * The catalogue's genres (TVmaze's 28) in the interface's language (issue 31). The API and
 * filters keep the English name; only what is shown is translated. A genre the list does not
 * know is shown as it came.
 */
const genres = defineMessages({
  Action: { id: 'lib.genreAction', defaultMessage: 'Action' },
  Adult: { id: 'lib.genreAdult', defaultMessage: 'Adult' },
  Adventure: { id: 'lib.genreAdventure', defaultMessage: 'Adventure' },
  Anime: { id: 'lib.genreAnime', defaultMessage: 'Anime' },
  Children: { id: 'lib.genreChildren', defaultMessage: 'Children' },
  Comedy: { id: 'lib.genreComedy', defaultMessage: 'Comedy' },
  Crime: { id: 'lib.genreCrime', defaultMessage: 'Crime' },
  DIY: { id: 'lib.genreDiy', defaultMessage: 'DIY' },
  Drama: { id: 'lib.genreDrama', defaultMessage: 'Drama' },
  Espionage: { id: 'lib.genreEspionage', defaultMessage: 'Espionage' },
  Family: { id: 'lib.genreFamily', defaultMessage: 'Family' },
  Fantasy: { id: 'lib.genreFantasy', defaultMessage: 'Fantasy' },
  Food: { id: 'lib.genreFood', defaultMessage: 'Food' },
  History: { id: 'lib.genreHistory', defaultMessage: 'History' },
  Horror: { id: 'lib.genreHorror', defaultMessage: 'Horror' },
  Legal: { id: 'lib.genreLegal', defaultMessage: 'Legal' },
  Medical: { id: 'lib.genreMedical', defaultMessage: 'Medical' },
  Music: { id: 'lib.genreMusic', defaultMessage: 'Music' },
  Mystery: { id: 'lib.genreMystery', defaultMessage: 'Mystery' },
  Nature: { id: 'lib.genreNature', defaultMessage: 'Nature' },
  Romance: { id: 'lib.genreRomance', defaultMessage: 'Romance' },
  'Science-Fiction': { id: 'lib.genreScienceFiction', defaultMessage: 'Science-Fiction' },
  Sports: { id: 'lib.genreSports', defaultMessage: 'Sports' },
  Supernatural: { id: 'lib.genreSupernatural', defaultMessage: 'Supernatural' },
  Thriller: { id: 'lib.genreThriller', defaultMessage: 'Thriller' },
  Travel: { id: 'lib.genreTravel', defaultMessage: 'Travel' },
  War: { id: 'lib.genreWar', defaultMessage: 'War' },
  Western: { id: 'lib.genreWestern', defaultMessage: 'Western' },
});

export function genreName(genre: string): string {
  const message = (genres as Record<string, (typeof genres)[keyof typeof genres]>)[genre];
  return message ? intl().formatMessage(message) : genre;
}
