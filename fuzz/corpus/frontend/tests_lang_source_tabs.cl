// Tests tabs: columns count a tab as one character.
	let	b	=	2	GBB
