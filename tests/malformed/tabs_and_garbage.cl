	let	x	=	1	@	
