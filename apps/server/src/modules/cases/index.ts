export { canWorkCase, caseAudience } from './policy';
export { insertWorkItem, type NewWorkItem, setCaseStatus } from './repository';
export { casesRoutes } from './routes';
export { mayViewCase, readVisibleCase } from './service';
