import type { LegalTexts } from './documents';

/**
 * The legal documents in English, at the versions `CURRENT_LEGAL_VERSIONS` names (decision 123): the one
 * text the API serves and the web app's /terms, /privacy, /privacy/cross-border and /privacy/sensitive-data pages show.
 */
export const LEGAL_TEXTS_EN: LegalTexts = {
  terms: `# Terms of Service

These terms apply to everyone who uses Tabi Guides — travelers, guides and visitors. Please read them before you book or offer a tour.

## 1. About these terms {#about}

Tabi Guides ("we", "us") runs a marketplace where travelers find and book independent local guides in Japan. By creating an account or using the site you agree to these terms, to our [privacy policy](/privacy) and to the [cancellation policy](/help/cancellation), which is part of these terms. If you do not agree, please do not use Tabi Guides.

## 2. Accounts {#accounts}

- You must be at least 18 years old to open an account. A minor may join a tour booked by a parent or guardian who comes along.
- Give true, current information and keep it up to date.
- Keep your password secret. You are responsible for activity in your account; tell us at once if you think someone else has used it.
- One person, one account. Accounts cannot be sold or transferred.

## 3. Our role {#role}

We are not a travel agency or tour operator and we do not employ guides. Each tour is an agreement between the traveler and the guide. We provide the platform, verify guides, handle the online payments, apply the cancellation policy, and help resolve disputes. We are not a party to what happens on the tour beyond these services.

## 4. Prices and payment {#payment}

- Guides set their prices per hour in Japanese yen or in RMB, with a price for each additional person. You see prices in the currency you choose; an amount in another currency than the guide's is an estimate at the day's rate. The checkout shows the total, what is charged now and, when an amount is converted, the rate and its date before you pay.
- The deposit is charged by card in the currency you saw, and by Alipay or WeChat Pay in RMB, converted at the rate fixed when you book. A booking's amounts never change after it is made. A refund returns its share of exactly what was charged, in the currency it was charged in.
- When you book you pay a **deposit of 20% of the total** online, by card, Alipay or WeChat Pay. A booking whose deposit is not paid within 30 minutes is cancelled.
- The remaining **80% is paid in person** to the guide on the day of the tour. The traveler uploads a payment proof and the guide verifies it.
- Extensions during a tour (at most two, of 15 minutes to 2 hours) are paid online at the tour's hourly rate.
- Costs for meals, transport and tickets are agreed in the tour request. Nothing else may be charged without the traveler's agreement.

## 5. Cancellations and refunds {#cancellations}

Cancellations and refunds follow the [cancellation policy](/help/cancellation): the share of the deposit refunded depends on how early the traveler cancels (100% more than 7 days ahead, 50% at 3–7 days, 25% at 1–3 days, none within 24 hours or for a no-show); a documented emergency refunds 85% with 15% to the guide; a cancellation by the guide refunds 100%. Refunds reach you in 3–5 business days for cards, 1–3 for wallets and 5–7 for bank transfers.

## 6. Guides {#guides}

- Guides must pass our application and identity verification before taking bookings, and keep their profile true.
- Guides are independent. They are responsible for the content and safety of their tours, for following Japanese law (including rules on transport and on the title of licensed guide interpreter), and for their own taxes.
- We keep a commission of 10% of the tour total. The guide's share of online payments is paid out within five working days after the service, and can then be withdrawn.

## 7. Travelers {#travelers}

Travelers give accurate information about their group, arrive on time, pay the final payment as agreed, and treat their guide and the places they visit with respect.

## 8. Reviews and content {#content}

You keep the rights to what you post (profile text, photos, messages, reviews) and give us a licence to show it on Tabi Guides for as long as it is there. Reviews must be honest and about the tour. We may remove content that is false, abusive, contains personal data or breaks the law.

## 9. What is not allowed {#prohibited}

- Arranging or paying for tours outside Tabi Guides with people you met here, to avoid the deposit or commission.
- Harassment, discrimination, threats, or sexual services of any kind.
- False identities, fake reviews, or misuse of other people's data.
- Anything illegal in Japan or in your home country, including unlicensed paid transport.
- Attacking, scraping or overloading the site.

## 10. Disputes {#disputes}

Either party can open a dispute within 7 days after a tour. We review the booking, the messages and the evidence both sides give us and decide whether to complete the booking or cancel it, and what is refunded. We aim to decide within 14 days.

## 11. Liability {#liability}

We do our best to keep Tabi Guides available and to check guides carefully, but we cannot guarantee that every tour meets your expectations. As far as the law allows, our liability for any claim is limited to the amounts paid through Tabi Guides for the booking concerned. Nothing in these terms limits liability that cannot be limited by law, such as for intent or gross negligence.

## 12. Suspension and closing an account {#termination}

You can delete your account at any time in your [profile settings](/profile). We may suspend or close an account that breaks these terms, after telling the person why where we can. Bookings already paid are then settled under the cancellation policy.

## 13. Changes {#changes}

We may change these terms. Each version has a number and the date it takes effect, shown at the top of this page. For important changes we tell you in the app at least 14 days before they apply, and the app asks for your agreement to the new version at your next visit. The version that applied when you booked governs that booking.

## 14. Law and contact {#law}

These terms are governed by the laws of Japan. Before going to court, please contact us through the [support chat](/help/contact) so we can try to solve the problem together. Consumer protections of your home country that cannot be waived still apply.
`,
  privacy: `# Privacy Policy

This policy explains what personal data Tabi Guides collects, why, who we share it with, how long we keep it and what rights you have. We answer every privacy request within 30 days.

## 1. Who is responsible {#controller}

Tabi Guides operates this website and is responsible for your personal data; its business name, address and representative are on our commerce disclosure. We handle it in line with Japan's Act on the Protection of Personal Information (APPI) and, for travelers in mainland China, with the Personal Information Protection Law (PIPL) where it applies. You can reach us about privacy at any time through the [support chat](/help/contact).

## 2. What we collect {#data}

| Data | Examples | Where it comes from |
|---|---|---|
| Account | Name, username, e-mail, hashed password, language | You, when you sign up |
| Profile | Photo, bio, gender, age, city, MBTI, background image | You, if you choose to add them |
| Guide application | Languages, experience, residence area and postal code, answers, prices, qualification files | Guides, when they apply |
| Identity verification | Official ID document | Guides, to be verified |
| Bookings and payments | Dates, times, group size, meeting place, amounts, payment method, payment proofs | You and your guide |
| Messages | Chat messages, tour requests, read receipts | You and the people you write to |
| Support | Your conversations with our team, optional e-mail | You |
| Technical | IP address, browser, request logs, error reports | Your device, automatically |

We never receive or store your full card number: card, Alipay and WeChat Pay payments are processed by the payment provider.

## 3. Why we use it {#purposes}

- To provide the service you asked for: accounts, search, messages, bookings, payments, payouts and reviews (our contract with you).
- To verify guides and keep the platform safe: identity checks, fraud prevention, rate limits and investigating reports (our legitimate interest and legal duties).
- To meet legal obligations: accounting, tax and requests from authorities.
- To send you service messages about your bookings. Marketing e-mails only if you ticked "e-mail updates", and you can unsubscribe at any time.

We do not sell personal data, we do not use it for advertising, and we do not make automated decisions that have legal effects on you.

## 4. Who we share it with {#sharing}

- **The other side of a booking**: a guide sees the traveler's name, request and messages; a traveler sees the guide's public profile. E-mail addresses and documents are never shown.
- **Service providers** who work for us under contract, each only with the data its task needs:

| Recipient | What for | Data | Country |
|---|---|---|---|
| Our hosting: servers, database, file storage (S3-compatible), cache (Redis) | Running the service | Everything listed above | Japan |
| Our e-mail delivery service (SMTP) | Booking messages, password resets | E-mail address, name, the message | Japan |
| Stripe | Card, Alipay and WeChat Pay payments, refunds | Amount, payment method, booking reference; the card number goes to Stripe directly, never to us | United States |
| Alipay, WeChat Pay (through Stripe) | When you choose to pay with them | Amount, merchant reference | People's Republic of China |
| Crisp, only when our support chat runs on it | Support conversations | Your messages, optional e-mail | France (EU) |

- **Authorities**, when the law requires it.

We do not let these providers use your data for their own purposes beyond what the payment or the law requires of them.

## 5. Transfers abroad {#abroad}

Using Tabi Guides from outside Japan means your data is sent to Japan, and paying means some of it is sent to the countries in the table above. Our [cross-border transfer notice](/privacy/cross-border) names every recipient, the country, how personal data is protected there and, under Japan's APPI Article 28, the measures each recipient takes. Travelers in mainland China give a **separate consent** to this transfer, as PIPL Article 39 requires, at sign-up; we do not transfer data abroad for anyone who has not given it.

## 6. Sensitive personal information {#sensitive}

Guides upload an official identity document to be verified. Under PIPL this is sensitive personal information. We use it only to check that the guide is who they say they are; it is stored in private storage in Japan, seen only by the staff who verify it, never shown to travelers, and removed once verification is decided. Travelers give us no sensitive personal information: card numbers go to the payment provider directly.

## 7. How long we keep it {#retention}

- Account and profile data: while your account exists. When you delete your account we remove or anonymize your personal data within 30 days.
- Bookings, payments and the payment ledger: 7 years, as accounting and tax law requires, with your name removed from anything not legally needed.
- Messages: until you delete your account, except those linked to an open dispute.
- Identity documents: until verification is decided, then only the result is kept, unless the law requires longer.
- Support conversations: 2 years after the last message.
- Technical logs: up to 90 days.

## 8. Your rights {#rights}

You can ask us to:

- tell you what data we hold about you and give you a copy (you can also export it yourself in your [profile settings](/profile));
- correct data that is wrong;
- delete your data (you can delete your account yourself in your profile settings);
- stop or limit a use of your data, or object to it;
- move your data to another service in a common format.

Write to us in the [support chat](/help/contact). We may ask you to prove it is you. **We answer within 30 days.** If you are not satisfied, you can complain to Japan's Personal Information Protection Commission or to the data-protection authority where you live.

## 9. Security {#security}

Passwords are stored only as strong one-way hashes. Connections are encrypted, access to personal data inside our team is limited to the people who need it, and every action on money is recorded. If a breach puts your data at risk, we tell you and the authorities as the law requires.

## 10. Browser storage {#storage}

We use no advertising or tracking cookies. The few items your browser keeps for us — login, language, theme, view, support conversation — are listed in our [cookie policy](/help/cookies).

## 11. Children {#children}

Accounts are for adults. We do not knowingly collect data from children, except the minimum needed for a tour booked by a parent or guardian (for example, that a child is in the group).

## 12. Changes {#changes}

Each version of this policy has a number and the day it applies from, shown at the top of this page. If we change it in a way that matters, we tell you in the app before the change applies and ask for your consent to the new version at your next visit. Every consent you give, with its version and time, is part of your data export.
`,
  cross_border: `# Cross-border transfer notice

Tabi Guides is run from Japan, so using it from another country sends your personal data abroad. This notice says who receives it, in which country, what protects it there, and how you use your rights. Travelers in mainland China give a separate consent to this transfer at sign-up.

## 1. Who sends and who receives {#parties}

We, Tabi Guides, receive your data in Japan and are responsible for it. Our business name, address, representative and contact details are on our commerce disclosure, and you can reach us at any time through the [support chat](/help/contact). We pass data on only to the recipients below, and only what their task needs.

## 2. Recipients and countries {#recipients}

| Recipient | Country | Data | Purpose | How it is protected there |
|---|---|---|---|---|
| Tabi Guides and its hosting: servers, database, file storage (S3-compatible), cache (Redis) | Japan | Account, profile, bookings, messages, payment records, technical logs | Running the service | Japan's Act on the Protection of Personal Information (APPI), supervised by the Personal Information Protection Commission |
| Our e-mail delivery service (SMTP) | Japan | E-mail address, name, the message | Booking messages, password resets | APPI; a contract that limits use to delivery |
| Stripe | United States | Amount, payment method, booking reference; card details entered directly with Stripe | Payments and refunds | The United States has no general federal privacy law; some states have their own. Stripe is bound by contract to protection measures equivalent to the APPI's (APPI Article 28(1)) |
| Alipay, WeChat Pay (through Stripe) | People's Republic of China | Amount, merchant reference | Payments you choose to make with them | China's Personal Information Protection Law (PIPL) |
| Crisp, only when our support chat runs on it | France (EU) | Your support messages, optional e-mail | Answering you | The EU's GDPR, which Japan's Personal Information Protection Commission recognises as equivalent to the APPI |

If a recipient or a country changes, this notice gets a new version and the app asks for your consent again before we transfer anything under it.

## 3. What you consent to {#consent}

By ticking the transfer box you agree that the data in the table is processed in those countries, by those recipients, for those purposes. Under Japan's APPI Article 28 we give you this information before the transfer. Under China's PIPL Article 39 this consent is separate from your agreement to the terms and the privacy policy. Booking a guide in Japan cannot work without it, so an account is not opened without it.

## 4. Sensitive personal information {#sensitive}

Only guides give us sensitive personal information: the identity document they upload to be verified. It stays in private storage in Japan, is seen only by the staff who verify it, and is removed once verification is decided. Travelers give us none; card numbers go to the payment provider directly.

## 5. Your rights against the recipients {#rights}

You use every right — to see, copy, correct or delete your data, to object, or to withdraw this consent — through us, in the [support chat](/help/contact) or in your [profile settings](/profile). We answer within 30 days and pass the request on to the recipient concerned. Withdrawing the consent does not undo transfers already made; as the service depends on it, we then close your account at your request.
`,
  sensitive_data: `# Notice on sensitive personal information

Before you verify your identity on Tabi Guides, this notice tells you which sensitive personal information we then collect, why, who sees it, how long we keep it and how to withdraw. Which law your consent rests on depends on where you live:

- **If you live in Japan**, Japan's Act on the Protection of Personal Information (APPI) applies: this notice tells you, before we collect anything, what we use it for (Article 21), and we collect it only with your consent.
- **If you live in mainland China**, China's Personal Information Protection Law (PIPL, Articles 28 and 29) counts face images and identity document numbers as sensitive personal information and requires your separate consent.
- **Where both apply**, we follow both.

We ask for this consent on the verification page, before your first upload. It is not part of signing up: travelers who never verify their identity never give us this information.

## 1. What we collect {#what}

- **A photo or scan of an official identity document**: passport, national ID card, residence card, driver's licence or the front of a My Number Card, with everything printed on it — name, photo, date of birth, document number, nationality.
- **A My Number Card: the front only.** Its back shows your Individual Number (マイナンバー), which Japan's My Number Act does not allow us to collect: never upload the back. We do not ask for, read or store the number; if you upload the back by mistake, the reviewer asks you for the front instead, and the file you replace is deleted at once.
- **A selfie**: a photo of your face, to compare with the photo on the document.
- The kind of document you chose, and when you uploaded and submitted each file.

Under the PIPL, face images and identity document numbers are sensitive personal information: if they leak or are misused, they can harm your dignity, your safety or your property. The APPI does not class them as special care-required personal information (要配慮個人情報), but we handle the data of residents of Japan with the same care and under the same limits.

## 2. Why {#why}

Only to check that you are who you say you are. Guides must pass this check before they can take bookings; any user may pass it to show the verified badge. We do not use the images for anything else — not for advertising, not for profiling, and not to train any system — and we do not compare your face automatically: a person looks at it.

## 3. Who sees it {#who}

- **Our staff who review verifications** (administrators): they open the files to approve, reject or ask for changes. Every decision is recorded.
- **Our file storage provider** (S3-compatible storage in Japan): it keeps the files in a private area, on our behalf and under contract; it does not look at them.
- **You**: you can see your own files on the verification page.

Travelers, guides and other users never see them; your profile shows only whether you are verified.

## 4. Where it is processed {#where}

The files are stored and reviewed in Japan. If you live in another country — for example in mainland China — this means they are processed outside your country, as our [cross-border transfer notice](/privacy/cross-border) describes; that notice's consent covers the transfer, this one the processing of the sensitive information itself.

## 5. How long we keep it {#retention}

A file you replace is deleted at once. The document and selfie are kept while your verification is open and until it is decided; after that we keep the result (verified or not, who decided and when) and remove the images, unless the law requires us to keep them longer.

## 6. How to withdraw {#withdraw}

You can withdraw this consent at any time through the [support chat](/help/contact). We then delete your document and selfie and your identity is no longer shown as verified; guides can then take no new bookings. Withdrawing does not make what we did before it unlawful. Your other rights — to see, copy, correct or delete your data — are described in our [privacy policy](/privacy).

## 7. New versions {#versions}

Each version of this notice has a number and the day it applies from. If we change it, we ask for your consent to the new version before you upload or submit anything under it. Your consent, with its version, time, language and address, is part of your data export.
`,
};
