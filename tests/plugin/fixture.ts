/** A small vault covering every item, used by the plugin tests. */
export const FIXTURE: Record<string, string> = {
	'Inbox/Idea.md': 'An idea\n',
	'Inbox/2026-01-01.md': '---\ntype: daily\n---\nA daily note in the inbox is processed.\n',
	'Inbox/Deep/Article.md': '---\ntags: [reading]\n---\nSaved article #needs-review\n',
	'Notes/Flagged.md': '---\ntags:\n  - needs-review\n---\n# Flagged\n\nBody\n',
	'Notes/Inline.md': '# Inline\n\nSome text #needs-review and more.\n\n```\n#needs-review in code stays\n```\n',
	'Notes/Review open.md': '# R\n\n#review this please\n',
	'Notes/Review done.md': '---\ntags: [review, review-done]\n---\n',
	'Notes/Plain.md': '# Plain\n\nNothing here #other\n',
	'Notes/Broken.md': '---\ntags: [needs-review, x\n---\nBroken YAML still flags.\n',
	'AI/Regelwerk/rule.md': '---\nstatus: pending-review\n---\nRule\n',
	'AI/Regelwerk/tagged.md': 'Rule #pending-review\n',
	'Import/Old.md': '#needs-review in an excluded folder\n',
	'.hidden/x.md': '#needs-review hidden\n',
	'image.png': 'not a note',
};
