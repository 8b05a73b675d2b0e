import { createContext, useContext } from 'react';

/**
 * Whether the card offers changes to the applicant (edit, tags, files, archive, vacancies). A
 * hiring manager (watcher) reads the card of an applicant on their vacancy, comments and
 * evaluates, but changes nothing of the applicant itself (issue 20): the card hides those
 * controls rather than offer a button the server refuses.
 */
export const CardEditingContext = createContext(true);

export const useCardEditing = () => useContext(CardEditingContext);
