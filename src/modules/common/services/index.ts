// The public face of the common module.
export { API_VERSION, appVersionInfo, DEFAULT_VEREINSNAME, vereinsName, versionError } from './appInfo';
export { handbuchChapters, handbuchPdf } from './handbuch';
export { defaultBanner, getLogo } from './logo';
export { deleteFileFor, getFileFor, historyFor, parseEntityId } from './records';
