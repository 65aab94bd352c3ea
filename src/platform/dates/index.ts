// The public face of the date helpers: pure TypeScript, used by the server and the UI alike.
// Dates are `YYYY-MM-DD` strings (DOMAIN.md); "today" is the Viennese day.
export { addDays, addMonths, addYears, dayBefore } from './arithmetic';
export { expandTwoDigitYear, formatGermanDate, parseGermanDate } from './germanDate';
export { dateOf, daysInMonth, type IsoDate, isIsoDate, isoOf, isRealDay, partsOf } from './iso';
export { type Period, periodContains, periodsOverlap } from './period';
export { currentYear, todayIso } from './today';
