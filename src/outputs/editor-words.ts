// The editor's words, in one place: every text a curator reads at /admin, in plain words for a
// teacher who has never used git. The editor's locale (merged over Decap's English), the form's
// labels and hints, its messages and notices, and the configuration's texts all come from here.
// Free of Node modules: the editor runs in the browser.
import { CURATORS, PHOTOS, SITE_NAME } from '../config/site.ts';
import { AGE_RANGE_EXAMPLES } from '../catalog/ages.ts';
import type { RecallWatch } from '../catalog/recall-watch-file.ts';
import type { FieldKey } from '../catalog/schema.ts';

/** The code under which the editor registers this locale (Decap merges it over its English). */
export const EDITOR_LOCALE = 'en-plain';

const ages = AGE_RANGE_EXAMPLES.map((a) => `“${a}”`)
  .join(', ')
  .replace(/, ([^,]+)$/, ' or $1');
const curatorNames = Object.values(CURATORS)
  .map((c) => c.name)
  .join(' or ');

/** The collection as the lists and the form name it. */
export const COLLECTION_WORDS = {
  label: 'Products',
  singular: 'product',
  description: `The products of ${SITE_NAME}. What you save stays off the site until another curator publishes it.`,
};

/** The recall watch list's fields, by their keys in content/recall-watch.yml. */
export type WatchFieldKey =
  keyof RecallWatch | keyof RecallWatch['aliases'][number] | keyof RecallWatch['dismissals'][number];

/**
 * The recall watch list (content/recall-watch.yml) as the editor names it: the list, and the label
 * of each of its fields (their hints are the schema's own descriptions, src/catalog/recall-watch-file.ts).
 */
export const WATCH_WORDS = {
  label: 'Recall watch list',
  description:
    'What you tell the site’s recall check: the company names a brand’s toys are recalled under, and the recalls you judged are not about our product. A change waits for another curator to publish it, like a product.',
  /** The list's one page, as the list of pages names it. */
  page: 'Recall watch list',
  labels: {
    aliases: 'Brands recalled under another name',
    dismissals: 'Recalls that are not about our product',
    brand: 'Brand',
    companies: 'Company names in recalls',
    why: 'Why',
    source: 'Who published the recall',
    recall: 'Recall number',
    product: 'Our product',
    company: 'Company name',
  } satisfies Record<WatchFieldKey | 'company', string>,
  /** One item of each list, as the “Add” button names it. */
  items: { aliases: 'brand', dismissals: 'recall' } satisfies Record<keyof RecallWatch, string>,
  whyTooShort: 'Say why in a sentence.',
  productShape: 'Write the last part of the product’s page link, such as wooden-kite for /products/wooden-kite/.',
  /** The watch list on the waiting list: its change, saved by another curator. */
  waiting: 'A change to the recall watch list',
  /** What a mistake in one of the list's items is called: “Brands recalled under another name, the 2nd”. */
  itemNumber: (n: number) => `number ${n}`,
};

/**
 * Each form field's label and hint, and the one sentence shown when its value is wrong (what to
 * type, in the field's own words). A field not listed keeps the schema's label and guide.
 */
export const FIELD_WORDS: Partial<Record<FieldKey, { label: string; hint: string; mistake: string }>> = {
  name: {
    label: 'Name',
    hint: 'The product’s name as the maker sells it.',
    mistake: 'Write the product’s name as the maker sells it.',
  },
  slug: {
    label: 'Web address',
    hint: 'The link of the product’s page, made from its name when you first save. Renaming the product later keeps it, so links to it keep working.',
    mistake: 'Write a name with at least one letter: the web address is made from it.',
  },
  brand: {
    label: 'Brand',
    hint: 'The brand or maker.',
    mistake: 'Write the brand or maker.',
  },
  description: {
    label: 'Description',
    hint: 'What the product is, in plain words: what is in the box, what it is made of, its size. It may be left empty.',
    mistake: 'Write the description in plain words, or leave it empty.',
  },
  ageRange: {
    label: 'Ages',
    hint: `The ages the maker gives, such as ${ages}. Leave it empty when the maker gives none.`,
    mistake: `Write the ages like ${ages}, or leave it empty.`,
  },
  categories: {
    label: 'Categories',
    hint: 'One or two categories a parent would look under.',
    mistake: 'Choose at least one category, each only once.',
  },
  price: {
    label: 'Price',
    hint: 'The price as the shop shows it, such as 24.99. Leave it empty when the shop shows none; the shop sets the real price.',
    mistake: 'Write the price as the shop shows it, such as 24.99, or leave it empty.',
  },
  currency: {
    label: 'Currency',
    hint: 'The currency of the price, even when the price is empty.',
    mistake: 'Choose the currency of the price.',
  },
  imageUrl: {
    label: 'Photo',
    hint: `A photo of the product that you took or that the maker allows, at least ${PHOTOS.minShortSide} pixels on its short side. It may be left empty.`,
    mistake: `Choose a photo at least ${PHOTOS.minShortSide} pixels on its short side, or remove it.`,
  },
  url: {
    label: 'Shop link',
    hint: 'The link to the product in its shop, copied from the browser’s address bar.',
    mistake: 'Paste the whole link to the shop’s page, starting with https://.',
  },
  staffPick: {
    label: 'Staff pick',
    hint: 'A staff pick is shown with the name of the curator who picked it.',
    mistake: `Say who picked it in “Picked by” (${curatorNames}), or turn off “Staff pick”.`,
  },
  pickedBy: {
    label: 'Picked by',
    hint: `Who picked this product: ${curatorNames}. Needed for a staff pick; otherwise it may be empty.`,
    mistake: `Choose ${curatorNames} in “Picked by”: a staff pick names who picked it.`,
  },
  whyWePicked: {
    label: 'Why we picked it',
    hint: 'A sentence or two in your own words: why a parent or teacher would like it.',
    mistake: 'Write why you picked it in a sentence or two.',
  },
  otherMarkets: {
    label: 'Also sold in',
    hint: 'Other places where parents can buy it, each with the price in that place’s money and its own shop link. Price, Currency and Shop link above are for the first place. Leave it empty when it is sold in one place only.',
    mistake:
      'For each place, choose it once, write its price as its shop shows it and paste its shop link; the money must be that place’s own (US dollars, Canadian dollars, euros, pounds).',
  },
  published: {
    label: 'Shown on the site',
    hint: 'Turn it off to keep this product off the site even once it is published.',
    mistake: 'Turn “Shown on the site” on or off.',
  },
  publishAt: {
    label: 'Show from',
    hint: 'Leave it empty to show the product as soon as it is published, or pick the day it should appear.',
    mistake: 'Pick the day the product should appear, or leave it empty.',
  },
};

/** The words of each item of “Also sold in” (an offer in another market). */
export const OFFER_WORDS = {
  item: 'place',
  labels: { market: 'Where', price: 'Price', currency: 'Money', url: 'Shop link' },
  markets: { us: 'United States', ca: 'Canada', eu: 'European Union', uk: 'United Kingdom' },
} as const;

/** The editor's own messages and notices. */
export const MESSAGES = {
  opening: 'Opening the editor…',
  noScript: `The editor of ${SITE_NAME} needs JavaScript: turn it on in your browser’s settings, then open this page again.`,
  photoPicked: 'Your photo is ready: it is sent when you save.',
  photoShrinking: 'Preparing your photo…',
  photoHeic:
    'This photo is in the iPhone’s own kind of file: in the iPhone’s Settings, choose Camera, then Formats, then “Most Compatible”, and take the photo again.',
  photoUnreadable: 'This file cannot be opened as a photo: choose a photo from your camera or gallery.',
  photoTooSmall: (short: number) =>
    `This photo is ${short} pixels on its short side: choose one at least ${PHOTOS.minShortSide} pixels so it looks sharp.`,
  photoRemove: 'Remove the photo',
  photoChoose: 'Choose a photo',
  photoChooseOther: 'Choose another photo',
  photoAlt: 'The product’s photo',
  saving: (seconds: number, photo: string) => `Saving${photo}… ${seconds} s so far.`,
  savingPhoto: (megabytes: string) => ` and sending your photo (${megabytes} MB)`,
  sentForReview: 'Sent for review: it waits for another curator, who can publish it.',
  markedReady: 'Marked ready: another curator can publish it now.',
  backToDraft: 'Back to “Not sent yet”: nobody is asked to look at it.',
  priceShown: 'not a price yet',
  waitingNone: 'Nothing waits for your review.',
  waitingHeading: (n: number) =>
    n === 1 ? 'One product waits for your review:' : `${n} products wait for your review:`,
  /** Who asks: a curator by her handle, the site's watchers (a proposal with a reason), or the site's admins (an MCP proposal). */
  waitingBy: (who: string | null, fromWatchers: boolean) =>
    who ? `saved by ${who}` : fromWatchers ? 'from the catalog’s own checks' : 'suggested by the site’s team',
  waitingUrgent: 'Urgent',
  /** Why the catalog's own checks ask for a change (the waiting list's reason, src/server/gateway/waiting.ts). */
  waitingWhy: {
    recall: 'a safety recall names it: take it off the site',
    'broken-link': 'its shop link no longer works: take it off the site',
    'moved-link': 'its shop link now leads somewhere else: take it off the site',
  },
  slugEmpty: 'Made from the name',
  // Her own saved changes (src/editor/own-save.ts): Publish is not offered, and this says whom they wait for.
  waitsForAnother: 'Saved by you: another curator looks at it and publishes it.',
  // What publishing changes on the site, shown above the form of saved changes (src/editor/review.ts).
  changesHeading: 'What publishing changes on the site',
  changesNew: 'A new product: nothing of it is on the site yet.',
  changesNone: 'Nothing differs from the product on the site.',
  changesLoading: 'Reading what changes on the site…',
  changesUnreadable: 'What changes could not be read just now: open the product again in a minute.',
  changeBefore: 'On the site',
  changeAfter: 'After publishing',
  changeEmpty: 'nothing',
  changeYes: 'Yes',
  changeNo: 'No',
  changePhoto: 'a photo',
  changeNoPhoto: 'no photo',
  // A check's suggestion in the form (src/editor/hints.ts): shown beside its field, never blocking.
  hintSign: 'To check',
  warningHint: (warning: string, because: string, answer: string) =>
    `Look on the box for a “${warning}” warning, because ${because}: if it is there, choose it here; if the product needs none, say why in “${answer}”.`,
  savedWithHints: (n: number, field: string) =>
    n === 1
      ? `Saved, with one thing to check under “${field}”: it does not hold the product back.`
      : `Saved, with ${n} things to check under “${field}”: they do not hold the product back.`,
  // After publishing, beside Decap's own notice (DECAP_PHRASES' entryPublished), when the site says
  // how long its last update took (src/editor/steps.ts); without the figure, nothing more is said.
  lastUpdateTook: (took: string) => `The site’s last update took ${took}.`,
  about: (seconds: number) =>
    seconds < 90
      ? `about ${Math.max(10, Math.round(seconds / 10) * 10)} seconds`
      : `about ${Math.round(seconds / 60)} minutes`,
};

/** Decap's own texts (its English keys, decap-cms-locales/src/en), in the editor's words. */
export const DECAP_PHRASES = {
  auth: {
    login: 'Sign in',
    loggingIn: 'Signing in…',
    loginWithGitHub: 'Sign in',
    loginWithNetlifyIdentity: 'Sign in',
    errors: {
      identitySettings: 'The editor cannot reach the site’s sign-in just now: try again in a minute.',
    },
  },
  app: {
    header: { content: 'Products', workflow: 'For review', media: 'Photos', quickAdd: 'Add' },
    app: {
      errorHeader: 'The editor could not open',
      configErrors: 'What went wrong',
      checkConfigYml: 'Tell the person who runs the site.',
      loadingConfig: 'Opening the editor…',
      waitingBackend: 'Opening the editor…',
    },
    notFoundPage: { header: 'Nothing here' },
  },
  collection: {
    sidebar: {
      collections: 'What you can edit',
      allCollections: 'Everything',
      searchAll: 'Search',
      searchIn: 'Search in',
    },
    collectionTop: {
      sortBy: 'Sort by',
      viewAs: 'Show as',
      viewAsList: 'Show as a list',
      viewAsGrid: 'Show as tiles',
      newButton: 'Add a %{collectionLabel}',
      newButtonAriaLabel: 'Add a %{collectionLabel}',
      searchResults: 'Found for “%{searchTerm}”',
      searchResultsInCollection: 'Found for “%{searchTerm}” in %{collection}',
      filterBy: 'Show only',
      groupBy: 'Group by',
    },
    entries: {
      loadingEntries: 'Loading the products…',
      cachingEntries: 'Loading the products…',
      longerLoading: 'This can take a minute.',
      noEntries: 'No products yet',
      unpublishedHeader: 'Not on the site yet',
    },
    defaultFields: { author: { label: 'Saved by' }, updatedOn: { label: 'Last saved' } },
  },
  editor: {
    // widgetLabel names each field's box for screen readers by its widget's name (product-slug):
    // empty, the field's own label speaks.
    editorControl: { field: { optional: 'if you like', widgetLabel: '' } },
    editorControlPane: {
      widget: {
        // Empty: the field's own sentence (FIELD_WORDS' mistake) says what to type instead.
        required: '',
        processing: '“%{fieldLabel}” is still being prepared: wait a moment, then save again.',
      },
    },
    editor: {
      onLeavePage: 'Leave without saving? What you typed since your last save is lost.',
      onUpdatingWithUnsavedChanges: 'Save first, then change the step.',
      onPublishingNotReady: 'Mark it “Ready to publish” first, then publish.',
      onPublishingWithUnsavedChanges: 'Save first, then publish.',
      onPublishing: 'Put this product on the site now?',
      onUnpublishing: 'Take this product off the site?',
      onDeleteWithUnsavedChanges: 'Remove this product from the site, and lose what you typed since your last save?',
      onDeletePublishedEntry: 'Remove this product from the site?',
      onDeleteUnpublishedChangesWithUnsavedChanges:
        'Withdraw what you saved, and what you typed since? The site stays as it is.',
      onDeleteUnpublishedChanges: 'Withdraw what you saved? The site stays as it is.',
      loadingEntry: 'Opening the product…',
      confirmLoadBackup: 'This browser kept what you typed last time without saving. Bring it back?',
    },
    editorInterface: {
      togglePreview: 'Show or hide the page as it will look',
      toggleScrollSync: 'Scroll the form and the page together',
    },
    editorToolbar: {
      publishing: 'Publishing…',
      publish: 'Publish',
      published: 'On the site',
      unpublish: 'Take it off the site',
      duplicate: 'Start a similar product',
      unpublishing: 'Taking it off…',
      publishAndCreateNew: 'Publish, then add another',
      publishAndDuplicate: 'Publish, then start a similar one',
      deleteUnpublishedChanges: 'Withdraw these changes',
      deleteUnpublishedEntry: 'Withdraw this product',
      deletePublishedEntry: 'Remove from the site',
      deleteEntry: 'Remove',
      saving: 'Saving…',
      save: 'Save',
      statusInfoTooltipDraft: 'Saved, not sent yet. When it is ready, choose “Sent for review”.',
      statusInfoTooltipInReview: 'Another curator will look at it. You can still change it meanwhile.',
      deleting: 'Withdrawing…',
      updating: 'Changing…',
      status: 'Step: %{status}',
      backCollection: 'All %{collectionLabel}',
      unsavedChanges: 'Not saved yet',
      changesSaved: 'Saved',
      draft: 'Not sent yet',
      inReview: 'Sent for review',
      ready: 'Ready to publish',
      publishNow: 'Publish now',
      deployPreviewPendingButtonLabel: 'Is the page ready?',
      deployPreviewButtonLabel: 'See the page',
      deployButtonLabel: 'See it on the site',
    },
    editorWidgets: {
      // Decap names the field by its key here (publishAt): the sentence leaves it out.
      datetime: { now: 'Now', clear: 'Clear', setToNow: 'Set it to now' },
      list: { add: 'Add one more', addType: 'Add one more' },
      object: { expand: 'Show', collapse: 'Hide' },
    },
  },
  ui: {
    default: { goBackToSite: 'Back to the site' },
    errorBoundary: {
      title: 'Something went wrong',
      details: 'Something went wrong in the editor. Please ',
      reportIt: 'tell the person who runs the site.',
      detailsHeading: 'What happened',
      privacyWarning: '',
      recoveredEntry: {
        heading: 'What you typed',
        warning: 'Copy this text somewhere safe before you leave the page.',
        copyButtonLabel: 'Copy',
      },
    },
    settingsDropdown: { logOut: 'Sign out', account: 'Your account' },
    toast: {
      onFailToLoadEntries: 'The product could not be opened: %{details}',
      onFailToLoadDeployPreview: 'The page could not be checked: %{details}',
      onFailToPersist: 'Not saved: %{details}',
      onFailToDelete: 'Not removed: %{details}',
      onFailToUpdateStatus: 'The step was not changed: %{details}',
      missingRequiredField: 'Not saved yet: fill in the fields marked below.',
      entrySaved: 'Saved. It is not on the site yet: when it is ready, choose “Step”, then “Sent for review”.',
      entryPublished: 'Published: it is live on the site after the site’s next update.',
      entryUnpublished: 'Taken off the site: it is gone after the site’s next update.',
      onFailToPublishEntry: 'Not published: %{details}',
      onFailToUnpublishEntry: 'Not taken off the site: %{details}',
      entryUpdated: 'Step changed.',
      onDeleteUnpublishedChanges: 'Withdrawn: nothing of it reaches the site.',
      onFailToAuth: '%{details}',
      onLoggedOut: 'You were signed out. Copy what you typed somewhere safe, then sign in again.',
      onBackendDown: 'Saving is not possible just now: try again in a few minutes.',
    },
  },
  workflow: {
    workflow: {
      loading: 'Loading what waits for review…',
      workflowHeading: 'For review',
      newPost: 'Add a product',
      description:
        '%{smart_count} product waits for review, %{readyCount} ready to publish. |||| %{smart_count} products wait for review, %{readyCount} ready to publish.',
    },
    workflowCard: {
      lastChange: '%{date}, by %{author}',
      deleteChanges: 'Withdraw',
      deleteNewEntry: 'Withdraw',
      publishChanges: 'Publish',
      publishNewEntry: 'Publish',
    },
    workflowList: {
      onDeleteEntry: 'Withdraw this product? The site stays as it is.',
      onPublishingNotReadyEntry:
        'Only a product marked “Ready to publish” can be published: open it and change its step.',
      onPublishEntry: 'Put this product on the site now?',
      draftHeader: 'Not sent yet',
      inReviewHeader: 'Waiting for review',
      readyHeader: 'Ready to publish',
      currentEntries: '%{smart_count} product |||| %{smart_count} products',
    },
  },
};
