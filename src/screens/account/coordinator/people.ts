/**
 * How the coordinator area names a person (a registration request or a buyer) in headings, button
 * names and toasts: first name and surname, else the e-mail, so a record without a name still reads
 * as someone.
 */
export const fullName = (person: { name: string; surname: string; email: string }): string => `${person.name} ${person.surname}`.trim() || person.email;
