// The process the quiz bench forks for its members (quiz-takers.ts): it is sent one job, answers
// with the times, and ends.
import { takeTheQuiz, type TakersJob } from './quiz-takers';

process.once('message', (job: TakersJob) => {
  void takeTheQuiz(job).then((times) => process.send!(times, () => process.disconnect()));
});
