export { createHumanCheck, type HumanCheck, type WorkFactor } from './verifier';
export { humanCheckRoutes } from './routes';
export { postgresSolvedChallenges, type SolvedChallenges } from './solved-challenges';
