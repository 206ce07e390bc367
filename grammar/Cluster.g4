// The clusterc language: the single source of its syntax.
// Declarative and total: no loops, no recursion. See docs/language.md.
grammar Cluster;

file       : item* EOF ;
item       : importDecl | letDecl | requireStmt | blockDecl | ';' ;

importDecl : IMPORT (modulePath | STRING) ;
modulePath : ident ('.' ident)* ;
letDecl    : LET ident '=' expr ;
requireStmt: REQUIRE expr ':' STRING ;
blockDecl  : kind=ident name=ident (EXTENDS base=path)? body ;

body       : '{' member* '}' ;
member     : ident '=' expr   # ValueField
           | ident body       # BlockField
           | requireStmt      # NestedRequire
           | ';'              # EmptyMember
           ;

// `x` binds tighter than `+`: `64 x a + 32 x b` is two node groups; `(n + 1) x a` one.
expr       : '-' expr                                   # Negate
           | expr op=('*' | '/') expr                   # MulDiv
           | expr X expr                                # Multiset
           | expr op=('+' | '-') expr                   # AddSub
           | expr op=('<' | '<=' | '>' | '>=' | '==' | '!=') expr  # Compare
           | primary                                    # Atom
           ;

primary    : NUMBER ':' NUMBER                  # Ratio
           | NUMBER unit?                       # Number
           | STRING                             # String
           | (TRUE | FALSE)                     # Bool
           | path '(' (expr (',' expr)*)? ')'   # Call
           | path body                          # Object
           | path                               # Ref
           | '(' expr ')'                       # Paren
           ;

// A unit follows its number: `80 GB`, `0.06 USD/kWh`, `10 million USD/MW`, `1 %`.
unit       : unitAtom+ ('/' unitAtom)* ;
unitAtom   : IDENT | '%' ;

path       : ident ('.' ident)* ;
ident      : IDENT | X ;

IMPORT  : 'import' ;
LET     : 'let' ;
REQUIRE : 'require' ;
EXTENDS : 'extends' ;
TRUE    : 'true' ;
FALSE   : 'false' ;
X       : 'x' ;

NUMBER  : DIGIT (DIGIT | '_')* ('.' DIGIT (DIGIT | '_')*)? ([eE] [+-]? DIGIT+)? ;
IDENT   : [A-Za-z_] [A-Za-z0-9_]* ;
STRING  : '"' (~["\\\r\n] | '\\' ~[\r\n])* '"' ;

LINE_COMMENT  : '//' ~[\r\n]* -> channel(HIDDEN) ;
BLOCK_COMMENT : '/*' .*? '*/' -> channel(HIDDEN) ;
// A `/*` that never closes: one token to the end of the file, so it is reported once.
UNTERMINATED_COMMENT : '/*' (~'*' | '*'+ ~[*/])* '*'* EOF -> channel(HIDDEN) ;
WS            : [ \t\r\n\f\uFEFF]+ -> skip ;  // U+FEFF: a byte-order mark is whitespace

fragment DIGIT : [0-9] ;
