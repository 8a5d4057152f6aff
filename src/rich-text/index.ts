export { cleanRichText, richTextCleaning } from './clean';
