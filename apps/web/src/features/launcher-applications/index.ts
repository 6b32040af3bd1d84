// Embedded in the AOR Center's 'Single sign-on' tab (features/sso): the new-application page and the editor card.

export type { AfterLauncherWrite } from './api';
export { LauncherApplicationCard, NewLauncherApplication } from './LauncherApplicationPages';
