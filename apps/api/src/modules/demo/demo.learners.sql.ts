import { sql } from 'drizzle-orm';

/**
 * The SQL of the demo learners (demo.learners.ts), set-based so that large
 * sizes stay fast: every statement makes all rows of one table at once from
 * generate_series and random(), seeded for a repeatable run.
 */

const FIRST = `array['Aarav','Vivaan','Aditya','Arjun','Sai','Reyansh','Krishna','Ishaan','Rohan','Kabir','Ananya','Diya','Saanvi','Aadhya','Kavya','Ishita','Meera','Priya','Riya','Zoya','Fatima','Harpreet','Lakshmi','Nandini','Tanvi','Yash','Omkar','Rahul','Sneha','Pooja']`;
const LAST = `array['Sharma','Verma','Iyer','Reddy','Patel','Singh','Khan','Gupta','Nair','Das','Mehta','Joshi','Kulkarni','Banerjee','Chatterjee','Pillai','Yadav','Mishra','Rao','Menon']`;
const CITIES = `array['Pune','Mumbai','Nagpur','Lucknow','Kanpur','Patna','Jaipur','Chennai','Coimbatore','Bengaluru','Mysuru','Kolkata','Bhopal','Indore','Ahmedabad','Hyderabad']`;
const STATES = `array['Maharashtra','Maharashtra','Maharashtra','Uttar Pradesh','Uttar Pradesh','Bihar','Rajasthan','Tamil Nadu','Tamil Nadu','Karnataka','Karnataka','West Bengal','Madhya Pradesh','Madhya Pradesh','Gujarat','Telangana']`;
const COMMENTS = `array['Very helpful chapter, thank you!','The video explained it clearly.','Please add more practice questions.','Some answers in the key look wrong.','बहुत अच्छा समझाया गया है।','वीडियो बहुत उपयोगी था, धन्यवाद।','कृपया और अभ्यास प्रश्न जोड़ें।','PDF opens slowly on my phone.','Loved the diagrams.','इस अध्याय में कुछ उत्तर गलत हैं।']`;
const SUBJECTS = `array['Cannot sign in on my new phone','Code not accepted','Video does not play','नया फ़ोन, लॉगिन नहीं हो रहा','Wrong answer in practice test','किताब का कोड काम नहीं कर रहा','Request for a new book','App crashes on opening']`;
const MESSAGES = `array['I changed my phone and the app says my account is bound to another device.','The code printed in the book says invalid.','The chapter video keeps buffering and never starts.','मैंने नया फ़ोन लिया है, कृपया मेरा डिवाइस रीसेट करें।','Question 4 of the practice has the wrong answer marked.','किताब के पीछे छपा कोड स्वीकार नहीं हो रहा है।','Will the Class 10 science book be available in Hindi?','The app closes as soon as I open the books tab.']`;

// A random() inside a lateral subquery or function call that names no
// column of the outer row is computed once for all rows: each of them adds
// `<outer column> * 0` so that it is drawn again for every row.

/** `pick(arr, n)`: one element of a SQL array, chosen by an integer expression. */
const pick = (arr: string, index: string) => `(${arr})[1 + (${index}) % array_length(${arr}, 1)]`;

export const demoUid = (n: string) => `md5('demo-learner-' || ${n})::uuid`;

export function learnersSql(count: number, months: number) {
  const span = `interval '${months * 30} days'`;
  return sql.raw(`
    with added as (
    insert into learners (uid, name, email, phone, grade_id, school, city, state, status,
                          registered_at, last_active_at, profile_at)
    select ${demoUid('g')},
           ${pick(FIRST, 'g * 7')} || ' ' || ${pick(LAST, 'g * 13 + g / 30')},
           lower(${pick(FIRST, 'g * 7')}) || '.' || lower(${pick(LAST, 'g * 13 + g / 30')}) || g || '@example.com',
           '+91 9' || lpad((g * 7919 % 1000000000)::text, 9, '0'),
           (select id from grades where name like 'Class %' order by position offset (g % 12) limit 1),
           ${pick(`array['Kendriya Vidyalaya','DAV Public School','St. Xavier''s School','Delhi Public School','Government High School','Ryan International']`, 'g')},
           ${pick(CITIES, 'g * 5')}, ${pick(STATES, 'g * 5')},
           case when g % 40 = 0 then 'blocked' when g % 9 = 0 then 'inactive' else 'active' end,
           r.at, r.at, r.at
    from generate_series(1, ${count}) g
    cross join lateral (select now() - ${span} * power(random(), 0.8) + g * interval '0 s' as at) r
    on conflict (uid) do nothing
    returning uid)
    insert into demo_new select uid from added`);
}

/**
 * Active days: each learner has a liking for the app (some every other day,
 * most now and then); weekends are quieter, exam seasons (February–March,
 * September–October) busier. A session starts in the afternoon or evening,
 * and never before its learner registered: on the day of registration only
 * a session later than the registration counts.
 */
export function activeDaysSql() {
  return sql.raw(`
    create temp table demo_days on commit drop as
    select l.id as learner_id, s.at as started_at,
           case when random() < 0.8 then 'android' when random() < 0.75 then 'ios' else 'web' end as platform
    from learners l
    cross join lateral (select 0.05 + 0.45 * power(random(), 2) + l.id * 0 as liking) t
    cross join lateral generate_series(date_trunc('day', l.registered_at), now() - interval '1 day', interval '1 day') d(day)
    cross join lateral (select d.day + interval '15 hours' + random() * interval '6 hours' as at) s
    where l.uid in (select uid from demo_new)
      and s.at > l.registered_at
      and random() < t.liking
        * case when extract(isodow from d.day) >= 6 then 0.6 else 1 end
        * case when extract(month from d.day) in (2, 3, 9, 10) then 1.8 else 1 end`);
}

export const sessionsSql = sql.raw(`
  insert into learner_sessions (event_id, session_uid, learner_id, platform, started_at, ended_at)
  select gen_random_uuid(), gen_random_uuid(), learner_id, platform, started_at,
         started_at + (5 + random() * 55) * interval '1 minute'
  from demo_days`);

/** Books by popularity: a few are read a lot, most a little (index skewed by a power). */
const BOOK = `(select array_agg(id order by id) from books)`;
const skewedBook = `(${BOOK})[1 + floor(power(random(), 3) * (select count(*) from books))::int]`;

export const viewsSql = sql.raw(`
  insert into learner_content_views (event_id, learner_id, book_id, content_kind, content_id, seconds, at)
  select gen_random_uuid(), s.learner_id, b.book_id,
         case when random() < 0.6 then 'pdf' when random() < 0.8 then 'video' else 'audio' end,
         1 + floor(random() * 40)::int, (30 + random() * 900)::int,
         s.started_at + n * interval '4 minutes'
  from demo_days s
  cross join lateral generate_series(1, 1 + floor(random() * 4 + s.learner_id * 0)::int) n
  cross join lateral (select ${skewedBook} + n * 0 as book_id) b`);

/** One to three codes redeemed, each during one of the learner's first sessions (never before they used the app). */
export const redemptionsSql = sql.raw(`
  insert into learner_redemptions (event_id, learner_id, book_id, code, at)
  select gen_random_uuid(), s.learner_id, b.book_id,
         'DEMO-' || upper(substr(md5(s.learner_id::text || '-' || s.rn), 1, 8)),
         s.started_at + interval '2 minutes'
  from (select learner_id, started_at,
               row_number() over (partition by learner_id order by started_at) as rn
        from demo_days) s
  cross join lateral (select ${skewedBook} + s.rn * 0 as book_id) b
  where s.rn <= 1 + s.learner_id % 3`);

export const feedbackSql = sql.raw(`
  insert into learner_feedback (event_id, learner_id, book_id, content_kind, content_id, rating, comment, at)
  select gen_random_uuid(), s.learner_id, b.book_id, 'pdf', 1 + floor(random() * 40)::int,
         least(5, greatest(1, 5 - floor(random() * 3)::int
           - case when b.rank * 2 > (select count(*) from books) then 1 else 0 end)),
         case when random() < 0.6 then ${pick(COMMENTS, 'floor(random() * 1000)::int')} end,
         s.started_at + interval '20 minutes'
  from demo_days s
  cross join lateral (select ${skewedBook} + (s.learner_id * 0) as book_id) b0
  cross join lateral (select b0.book_id, array_position(${BOOK}, b0.book_id) as rank) b
  where random() < 0.12`);

/**
 * Attempts answer every active question of the assessment: each learner's
 * attempt has a skill (most are good, a few weak), each question is right
 * with that chance or skipped one time in ten, and the score is the marks of
 * the right answers, so the results report's per-question shares and
 * discrimination have something to show. The answer itself is a token
 * ('A' right, 'B' wrong): the report reads `correct` and `marks`.
 */
export const attemptsSql = sql.raw(`
  insert into assessment_attempts (event_id, assessment_id, learner_id, book_id, score, max_score,
                                   answers, time_taken_seconds, submitted_at)
  select gen_random_uuid(), a.id, s.learner_id, a.book_id, r.score, r.max_score,
         r.answers, (120 + random() * 1500)::int, s.started_at + interval '30 minutes'
  from demo_days s
  cross join lateral (select id, book_id, coalesce(default_marks, 1) as marks from assessments
                      order by random() + s.learner_id * 0 limit 1) a
  cross join lateral (select power(random(), 0.6) + s.learner_id * 0 as p) skill
  cross join lateral (
    select coalesce(jsonb_agg(jsonb_build_object(
             'itemId', i.id,
             'answer', case when i.skipped then null when i.ok then 'A' else 'B' end,
             'correct', case when i.skipped then null else i.ok end,
             'marks', case when i.ok and not i.skipped then i.marks else 0 end) order by i.position),
           '[]'::jsonb) as answers,
           coalesce(sum(case when i.ok and not i.skipped then i.marks else 0 end), 0) as score,
           coalesce(sum(i.marks), 0) as max_score
    from (select it.id, it.position, coalesce(it.marks, a.marks) as marks,
                 random() < skill.p as ok, random() < 0.1 as skipped
          from assessment_items it
          where it.assessment_id = a.id and it.kind = 'question' and it.active) i) r
  where random() < 0.15 and r.max_score > 0`);

/** The codes that lead somewhere, the popular books' first (books by id, as `skewedBook`). */
const CODES = `(select array_agg(id order by book_id nulls last, id) from qr_codes where target_kind is not null and enabled)`;
const AGENTS = `array['Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0 Mobile Safari/537.36','Mozilla/5.0 (Linux; Android 12; Redmi Note 11) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/118.0 Mobile Safari/537.36','Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1','Mozilla/5.0 (Linux; Android 11; vivo 1906) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/117.0 Mobile Safari/537.36']`;

/**
 * A printed code scanned with the phone's camera just before some sessions
 * (about one in four), the popular books' codes most. A scan names no
 * learner (the /q/ page is public): its visitor is a hash, here of the
 * learner and the day, as the real one changes its salt every day.
 */
export const scansSql = sql.raw(`
  insert into qr_scans (code_id, scanned_at, user_agent, ip_hash)
  select c.code_id, s.started_at - interval '1 minute', ${pick(AGENTS, 's.learner_id::int')},
         md5('demo-visitor-' || s.learner_id || '-' || s.started_at::date)
  from demo_days s
  cross join lateral (select ${CODES}[1 + floor(power(random(), 2) * cardinality(${CODES}))::int]
                        + s.learner_id * 0 as code_id) c
  where random() < 0.25 and c.code_id is not null`);

/** One device each; one learner in 15 changed phones 20 days after registering (when that is past). */
const CHANGED_PHONE = `l.id % 15 = 0 and l.registered_at < now() - interval '20 days'`;

export const devicesSql = sql.raw(`
  insert into learner_devices (event_id, learner_id, device_id, platform, bound_at, reset_at, reset_reason)
  select gen_random_uuid(), l.id, 'demo-' || substr(md5(l.uid::text), 1, 12), 'android', l.registered_at,
         case when ${CHANGED_PHONE} then l.registered_at + interval '20 days' end,
         case when ${CHANGED_PHONE} then 'Changed phone (asked through contact us)' end
  from learners l where l.uid in (select uid from demo_new)
  union all
  select gen_random_uuid(), l.id, 'demo-' || substr(md5(l.uid::text || 'new'), 1, 12), 'android',
         l.registered_at + interval '20 days', null, null
  from learners l where l.uid in (select uid from demo_new) and ${CHANGED_PHONE}`);

export const contactSql = sql.raw(`
  insert into contact_messages (event_id, learner_id, name, email, phone, subject, message, status,
                                received_at, resolved_at, note)
  select gen_random_uuid(), l.id, l.name, l.email, l.phone,
         ${pick(SUBJECTS, 'l.id::int')}, ${pick(MESSAGES, 'l.id::int')},
         case when r.at < now() - interval '10 days' then 'resolved' else 'new' end,
         r.at,
         case when r.at < now() - interval '10 days' then r.at + interval '2 days' end,
         case when r.at < now() - interval '10 days' then 'Answered by e-mail.' end
  from learners l
  cross join lateral (select l.registered_at + (now() - l.registered_at) * random() as at) r
  where l.uid in (select uid from demo_new) and l.id % 12 = 0`);

export const lastActiveSql = sql.raw(`
  update learners l set last_active_at = d.last
  from (select learner_id, max(started_at) as last from demo_days group by learner_id) d
  where l.id = d.learner_id`);
