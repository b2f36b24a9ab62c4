// A person's name as every screen and the printout show it: in the order of the UI's languages, the
// given name first ("Anna Nowak"), in Polish as in English. Lists are still sorted by surname.

export interface PersonName {
  firstName: string;
  lastName: string;
}

/** "Anna Nowak": the given name, then the surname. */
export const personName = (person: PersonName): string => `${person.firstName} ${person.lastName}`;
