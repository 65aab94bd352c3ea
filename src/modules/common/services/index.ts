// The public face of the common module.
export { API_VERSION, appVersionInfo, DEFAULT_VEREINSNAME, vereinsName, versionError } from './appInfo';
export { handbuchChapters, handbuchPdf } from './handbuch';
export { exportFileName, listExport, printCell } from './listExport';
export { defaultBanner, getLogo } from './logo';
export { deleteFileFor, getFileFor, historyFor, parseEntityId } from './records';
