export { REQUIREMENTS_JOB, runRequirementsWatch } from './enforcement';
export { trainingRequirementsFeature } from './feature';
export { syncMembers } from './status';
