= "s" . g { 1e5
import extends
*
g { ; ;
x {
; g extends } x . . extends g
extends "s" g x g 1e5 = ) ; =
} extends ) 1e5 , 80 } extends extends
GB import } 1e5 % { extends g require GB /
1e5 ; <= let : extends : import ) x 80
<= x { extends ) * / let - : ) require
} *
80 <= let = / ; g
{ <= 1e5 extends let let % import require / extends
{ { ( / % , { g
% ) . extends , : ) % "s" , import gpu
import 80 require } / g GB <=
= - x "s" "s"
{ 80 : "s" 1e5 ( = ;
( % ; import , "s" x = {
= x ,
gpu / extends 80
) gpu = ; 1e5
require extends let = % *
. , - g : <= , 1e5 "s" "s"
"s" } / . "s" g GB
GB :
} let require
}
extends
1e5 } import
gpu { GB require "s" = . ( import require
/ } } / : /
) { = } - let - (
% 80 * gpu GB * import =
1e5 gpu <= * ) . { % ( * import 80
<= x 1e5 1e5 <= *
. x require <= GB x
- x GB * / import -
gpu
/ ( GB % require
: - import import { x
x /
let GB / require
gpu / . import . { , } "s" %
/ 80 ; .
{ - "s" : "s" -
- 80
= gpu =
: . = require require / , import = 1e5
= gpu gpu - . } * - =
GB GB gpu ( GB ) *
<= extends let (
; = g - import : , extends *
* = 1e5 = * * gpu
<= 80 require gpu <= = 80 =
require - } 1e5 g let , *
1e5 / <= } 1e5 g x GB (
<=
* :
gpu <= { : let require * require *
% ( : *
/ * x % * ( 1e5 GB :
; } "s"
let { , x ; { GB ,
} <= = % .
import = ( = : x - } "s" / 80
x 80 % ; * "s" let ; GB import let
- import
let
: : % gpu "s" let * require )
{ } x } { ( ( g <=
( <= =
, ( "s" = 1e5 * extends
% let { ( g % 80 ;
( gpu
{ ( { require x { ( } : gpu let
; ( require = g * % x }
( g 80
) . ) *
) : * ,
( import gpu
g gpu gpu - *
GB * / x : } , . ;
/ 1e5 "s" * ) % GB x let GB %
. = "s" import g = gpu { . - ( ;
g { ,
* , ) require x % )
:
80 ( :
(
let 1e5 let x g )
import 80 gpu let
{ / ( * . GB x
<= gpu { ( { = "s" extends g
gpu ) ) . x { extends
<= = , % require "s" <= let -
= ) - require . = g %
. ; - % * = * <= *
gpu , extends % , % . x { gpu
=
import } "s" : 1e5 g . gpu . 1e5 ,
/ ( gpu :
- *
{ , * { - - / ( {
x - <= GB x
. : / "s" { / , ) <= g require .
GB { require = let ( . - % ) require
= gpu / g / ( , } % GB
/ ) % * ) : : : <= } 1e5
) { / gpu
: { * : (
GB GB { extends { = -
( import = require . * ( } %
x / / "s" gpu 80
/
: "s" ) - = ; import "s" let } let
let
"s" } GB % gpu -
( import { "s" "s"
{ import ; <= ( g ( } g ,
. = x ( ;
let GB <= import ; gpu <= . "s"
1e5 GB - { g - ; : require
. ) /
1e5
80 / ;
) ) ( - - .
"s" . x ) /
, "s" } 80 . 80 { GB *
1e5 x : let <= : ; =
GB x { 80 let 1e5 { let x
( extends GB gpu - ;
; - * GB "s" ( let
/
extends import = , *
. GB { ( x "s" "s" . :
) gpu = g ; % <=
extends / gpu { "s" * : :
} x = =
, } - % . <= : { 1e5
gpu
x extends g
% ) = . ( * . ; % <= }
{ )
extends GB "s" ( x require gpu gpu 1e5
: ( let . x
* x 1e5 x gpu ; % .
g gpu GB / ,
; { ( x , ; import x / g %
% ; import , "s" GB
)
* { GB / GB ) <= GB x : x (
} require / require 80
/ ; , g
= "s" g GB gpu require = ; g %
80
: % let - } { 80
GB 80 . * - :
)
- "s" import let : 80 } gpu { ( {
; } 1e5 <= GB "s"
<= ) ; { g %
GB import 1e5 : GB let import -
gpu . ; x . <= "s" g
g : { g ( GB -
require let
( let require g ( -
% let ( ) gpu - <= require . { gpu x
/ %
<= "s" ( ; / = / 80
-
% <= = require x
let : import require { *
"s" <= 80 x
{ . g / 1e5 1e5 let
; } {
require { GB } ;
% : 80 x = ; : require
x - 1e5 <= , <= } <= ) ) (
( import ( - ( GB : x 80 x
= ) extends GB
{ "s" ( x * *
. } . :
}
/
: import g )
} g GB require
GB { import * 80 : require ( <= <=
gpu } . require % require import GB g import let
g GB (
require
. GB gpu let ; , import 80 require ) { GB
/
/ { ; } "s" , 1e5 = .
{ . 80 "s" % ( ; ) ,
; g ) - extends
; ; gpu <= import .
"s" - "s" GB
;
; } {
extends import : <= 80 = gpu
1e5
. "s" {
require import - * 80 = import ) 80 *
{ } "s"
<= GB ) = g / let g
. "s" { % require % 80 . x require
require GB / 80 extends GB g
* 80 "s" import } = x
GB g 1e5 <= , g , let } "s" require :
. <= ) . ; ) extends x ;
, import : * : 80 gpu
require
: x : <= require <= : 80
"s" } { = import ; import {
* * , g g . = {
let <= - * { g <= * "s" . = gpu
require -
} GB = / ) 80 , - x { import require
80 let require ( :
( * /
extends ( require *
let import g GB
"s" 80 .
, let "s" 80 (
<= *
.
: 1e5 * extends % }
1e5 . "s" - import
"s" import extends = import
<= { : x 80 require
g ) * ( ) . extends , let - gpu -
x
) require .
; * import g = / x
. g gpu g gpu extends import ) } *
1e5 x ; extends ) extends
GB import require
80 = gpu x % = : }
. =
( "s" ( gpu g . 1e5 import require . extends
require * - / x 80 gpu g
1e5
"s"
x 80 g
gpu require
, GB = ; GB * require . *
. ; require 80 * ) { ) . g -
% 1e5 gpu "s" ; - : {
. : 80 x } ( x . g } let -
( % g ( . 1e5 , ; , * ( )
GB { * gpu 80 ( x - GB 80 -
GB "s" let require x "s"
% , 1e5 / / * % gpu gpu ; -
extends ) GB "s"
extends { extends 80 = g gpu } } require
import = %
gpu
=
. . g % { - g { extends <= import GB
, { <= % "s" } x GB GB
g g
{ <= . . ) / } = } <= .
) let let ;
gpu import ( ) g
<= import let <= require * / ) require - gpu ;
;
<= } import / % g 1e5 extends GB
{ extends ) 80 ; gpu * GB ) <= <= g
import
} / % 80 / extends import *
extends 80 ) GB %
/ 80 } .
/ %
} . let import } "s" "s" - {
. gpu import GB ) ( ;
* 80 "s" . x : = 1e5 require
<= require . g import extends let * = : , 1e5
let 80 : : % <= ( extends x = let :
% x * GB ( ) <= % require = -
x - let
* import 80 x let GB ( - } 80
} GB "s" = = ) - ) ; ( GB
. }
GB "s" : g gpu
; % x * . ) :
=
require - "s" gpu -
; % extends extends
. ; x , - . <= . % extends x ,
. } :
let ( . % } ; x
% % . 80 ( ; /
gpu require ; * , , 80 .
<= gpu "s" / } g
1e5 GB 80 % GB
import } extends : 1e5 GB % / *
.
* let ; - : GB
80 "s" * <= } - require import . g (
"s" "s" g gpu {
; . % , import extends (
x )
"s" * x "s" : GB 80 = <= { . GB
. 1e5 - x = import , .
: ) <= 1e5 . = <=
import x ( % "s" , ( ;
80 / gpu - ( import x . ) let /
; require . { , import = )
g { extends let = * import
extends gpu , gpu GB { . ) ( require }
= x 80 <= : import = GB "s" 1e5
require % require
, 1e5
) GB / % GB * { - : , }
} ( ; x = / / 1e5 g
: = % / x / 80 1e5
- gpu 80 let : % extends / , )
import ; ; , { 80 . import
. gpu gpu require g , - let } * /
<= = g GB % ; . =
} , import let / <=
1e5 <= GB ) ; let ; ( 1e5
)
import / "s" let *
* import GB . /
let GB
% ) = extends . {
"s"
1e5 "s" 1e5 extends g "s" ) } gpu g GB /
<= , g * 1e5 require "s" require = .
% % require , { GB g , . : .
} , 80
;
. gpu
= ) 1e5 % ( )
; g let
;
. extends g / extends * g } <= ;
% "s" : { gpu , "s" require extends ,
/ <= ;
} { . / GB = . gpu ;
gpu
, } { GB } = / gpu ( - extends
: - - 80
import
% % = - <= { ) . 1e5 % / :
( g % g gpu g gpu . , require {
) ) - require 80 / require
let
extends - : / , 80
} import .
. ; /
<= : ( <= extends let )
g require . % require
require - gpu = require )
; x "s" "s" , "s" require <= x :
% gpu let ( (
80 extends <= g ) = extends
( 1e5 ,
import 1e5 { 1e5 1e5 / "s" GB
x ) require g , "s" : % GB ( extends <=
"s"
1e5 { 1e5 import <= { x "s"
* ( * let / * extends GB GB GB
{ 80 % )
extends extends import "s" <= *
x g /
} import . : { =
require gpu import ( * require
}
GB
/ extends extends GB ( <= ( ; } :
require = ( g let GB 80 "s" { gpu
g
import % : / { require . "s" }
{ ( let extends x . { , * "s" 80 :
import x -
80 g ( import
1e5
g
* % - . <=
g } = let <= gpu GB ,
) extends extends : <= . } / let import ( "s"
import /
80 : x = , gpu :
GB g 80 x { require import - = <= : }
gpu . { : let let x
} . import = let x - g
% : 1e5
: = (
; x = gpu ( extends )
80 ( / } let :
} = * g . , GB 1e5
) } ( <= GB import ; (
x } "s" )
80 g - ) = . gpu
* let * = : gpu * )
import ; g
GB ( extends 80 = 80 *
% 80 GB require
{ require
/ <= ( 80 GB = require , % . GB extends
GB gpu { % -
; - g * import let ) . /
gpu ;
= , ( x 80 extends import g
% import extends
gpu import * : * { } import % x
<= % "s" extends <= g
} - / : *
*
= gpu x { x require 80 80 }
( 1e5 gpu gpu }
- GB ( gpu require . extends : * x % :
import }
80 g ( } : / extends * <= ( } }
"s" =
extends x x = , extends : - "s"
gpu . "s"
; require require * g "s" g <= import let "s" x
% ; extends let "s" 1e5
let
= , import x ; , . gpu import
* 80
let ;
* , gpu x
; "s" <=
. g g g . require ( ,
( . 1e5 g require } ( } * gpu
x g ) } ) import .
} g require
( { : extends 1e5 = : } *
) ; extends
( x - { -
) : require % extends x . "s" GB
% import : 1e5 ) require / / )
x
x GB * 1e5 "s" extends
gpu import 80 x let 1e5 let
( ) GB ) g <= gpu 80
{ require import : , g * "s" :
- <= } * x ,
= ; let , import = , GB require require ( *
- -
( . % . % = ; }
;
extends } / "s" extends = ; ( require
} "s" : % : ) - import ) import
* 1e5 require "s" . let gpu
/ "s" : ) 80 1e5 ) = ; extends "s" extends
{ let let require
let GB ; gpu
g
extends / ) 1e5 <=
1e5 require ; * *
, ; "s" : import g require , import : gpu ,
* x
; import
"s" . 1e5 extends = GB ; / "s"
<= require extends let % * - {
import let import
) *
} . )
let * ; . 80 * ) * GB * GB ;
g . extends
} import extends . . - g % ; gpu
)
% 1e5 gpu ) "s" } extends gpu , gpu GB 80
<= 1e5 extends ( . 1e5 * =
GB ; require } = 80 * <= * }
}
80 *
: require ; g . gpu , <=
let = % x import ( 80 g ( .
extends {
GB : require "s" gpu g
"s" extends <= g
g require x x x g 80 extends
let gpu :
; require ( / {
, "s" , %
x ; ) "s" % / gpu x { 80
import "s" 80
)
1e5 import } let 1e5 "s" let
. { } ; import 1e5 x
GB : ) import x ; g
, gpu let = x
= { GB ( 1e5 = 1e5 : : x 80 import
GB - "s" "s" . extends
) / * GB
: , = %
require : extends import 1e5
"s" require * GB
<= } ,
{ 1e5 ( - <= <= "s" gpu ,
extends = ) gpu "s" % { % 80 <= x let
, } { 1e5
* <= ) GB { %
{ x ) = %
) import "s" : <= . .
( 80 gpu
, , % import ; gpu
% % : x "s" import . } 80 ) }
require - x % ,
"s"
require
; GB <=
= "s" - g 1e5
. . 80 extends x
/ % * ( ; , , extends import gpu
<= <=
) g extends require % g x , } g let
<= import - {
% - "s" - require x (
{ import ; : let % * - %
. : * g , % GB ; , * <=
/ <= GB
%
( 80 1e5 80 <= . x 1e5 (
g 80 import import
{ GB . ) = = ,
/ , / x % x gpu * % : = .
% ) = % = extends
x let . } 1e5 ; <= 80 , ,
require : <=
GB } % ) gpu import /
g g ( )
} % ) :
80 let
: extends import ) 80 1e5 { g
:
{ - % let - extends ( }
/ ; / GB 1e5 let gpu import { . )
require - . % ( . x { = - gpu
<=
= ) import 80 . * ,
} - )
require let "s" 80 . import let x import = 1e5 import
x g g } extends
% "s" g GB / ; / - 80 ) require
. { = % x 80 = : . "s"
g :
GB GB - import gpu g require *
= ) { , g * %
let { : gpu , 80 -
"s" ) gpu
extends , import extends GB / { 1e5
* : ; 1e5 . =
require require { g - , let
, ) extends extends ; import / , . =
let * . gpu GB
, - : %
= ,
import 1e5 extends ; import * x extends : "s"
} x 80 GB 1e5
} x ( . } GB * , ( % / x
: x 1e5 extends % } - * extends
{ ; , { : = * 1e5 * %
. -
} : , "s" 1e5 80 GB extends /
= import
g "s" x g import g gpu % require GB
) } % = ; { require GB
} - import 80 import - let <= - ,
(
x import
- * import - / g require import }
1e5 let require } g ,
( import GB %
gpu extends : } gpu / } {
80 = 1e5 ) ,
"s" = extends ( 1e5 % <= ( : gpu gpu
= / * / g g
80 require
, require "s" / 80 % : "s" x require *
import let
GB ) = extends require g GB 80 import
: let extends : "s" import let gpu let extends / let
gpu x : require
.
- , =
"s" ( { * (
extends extends * extends = %
1e5
GB <=
. extends . } import ) x
, { )
- import * . x import
% "s" let g % let , let /
import x x import = = GB gpu ,
"s" : "s" extends <= ) 80 extends
= )
) ( - extends 1e5 , let { GB extends { extends
) extends import
import <= % ; - { / let
( ( 1e5
<=
. ( x
gpu GB g "s" : GB require ) * . } GB
- g = require
{
extends let
= gpu GB ( 1e5 . gpu . let gpu GB let
- gpu . / "s" require
let 80 g ; g { . require let <= /
"s" ( : gpu gpu let extends . let g
require % - let 80 { gpu
GB = *
import import
import 1e5 , extends 1e5 = ,
extends let x - require ( % / <= g
) . <= 1e5 % : 1e5 ( import * *
= ( gpu 1e5 /
. <=
= . x "s" <= {
require
} g 1e5
GB 1e5 <= 80 ( require import - =
- <= 80
gpu import <= % x : / GB .
"s" : GB let gpu }
- gpu { . "s" , import g x extends "s"
"s" , . x gpu ( gpu
% ; x x import
let <= ; .
) / GB extends 80
<= ( <= = ) ) { let
/
80 let , require
: GB extends g GB - import g <= <=
80 ; = ) , gpu } =
=
= * - import }
: , "s"
; let
, % "s" let g extends x GB . % gpu
=
require x extends ; % } - gpu g
{ } } / = *
gpu 80 x , 1e5 = .
1e5 * } * import / { import GB x - {
% 80 gpu ( (
g GB
g ; 1e5 import ( gpu let % g
: 1e5 ) 1e5 let % ; - % ( "s"
let 1e5 ; "s" = "s" <=
; = . gpu x require *
% require - "s" x
, } { require
%
"s"
1e5 let , . : 1e5 , let : extends gpu /
. / * let extends 1e5 "s" x . - "s" import
{ "s" * ( require , , let { . 1e5 ,
require <= ( (
- import * extends / extends x =
<= *
* GB * 80 import x
80 = , : 80 . . g let "s" import
} ; = % ( "s" }
import , * * ) :
{ ( "s" ) : % } : . / -
<= * =
,
import / *
x require import * let "s" ( gpu 1e5 GB gpu
( g extends 80 ) % 1e5 ( let (
( : { *
/ { GB = ; ) require <= import g %
"s" import g % <= ) ; ;
require ( import x "s" extends = require GB % extends
{ , GB let { {
"s" "s" * ; / . <= gpu
extends extends
: % ; ; / 80 { :
/ = * <= gpu , x
GB "s" 1e5 g , ) 1e5 let <= "s" <= :
{ x
extends gpu
/ {
extends : g ,
% let / g
% - ; extends = ; g . =
let GB * gpu 80 1e5
* ( { let "s"
, ) 1e5 "s" *
, g ) ) x "s" ;
( ) GB = g GB 1e5 . import
, / % extends = import let GB
% 1e5 , g - let gpu 1e5
; extends
g ( x : ) GB
GB extends require : "s" - : GB GB g 80 ;
} g = { require / 80 gpu - 1e5 -
/ x ,
, - ) GB 1e5 80 = <= % GB * }
} GB { g ; x , (
: , ; = g % = g 80 : ) <=
extends let % 1e5
= ) ( let 1e5 GB = , x "s" g let
= . ) x . 1e5 %
GB :
- 80 ;
, "s" } g import }
GB . * * { ) / import gpu <= /
GB /
) require extends 1e5 <=
GB =
( <= <= x extends ) g extends
} gpu import GB = , ) g 80 let
: / x let - import
} ) {
1e5 : } - 1e5 } 80 require "s" : g g
*
} ; . % = ; extends import { import
, - 80 import 80 , { let gpu . / )
( } }
} = / (
1e5 } let : x 80 extends 1e5 g
( import GB ) "s" 1e5 GB = x
1e5 * x } gpu } g / % extends GB %
x { <= 80 = ( gpu ; "s" require * }
extends } { , extends
x x require <=
% g x { require let } g GB
<= % 80 ) let { <= : extends 80
let
; g { x = - *
80 = import <= = GB GB x , let %
gpu /
/
<= let { <= require . { GB .
import
{ . % import extends 80 /
<= - / = ( % ) g - : ,
80 ; "s" . * ) - extends 1e5 .
} { ( <= x x GB extends : 1e5 x
extends , % g "s" , "s" .
<= let "s" "s" { x . , let , require
) gpu ) / require gpu }
; ; require ) : = let 1e5
{ import "s" :
g ) let { ( 80 % : ; ,
x } GB , . g "s" 80 "s"
let = import 80 x
require "s" ) / let *
GB 80 "s" * gpu gpu 80 } x :
, ( - import , } 1e5 - <= *
"s" = <= ( , ; { * require let :
) import ) , %
, "s" * , g . / / import % gpu
,
1e5 "s"
) <= * = - require - :
let
= gpu ( = GB extends extends *
"s"
- extends .
. <= x ) <=
gpu ; 1e5 ; . { , . "s"
% import % ( let 80 extends /
1e5
= GB * g 80 )
* 80 , ) g extends ) "s" <= import % 80
) / GB require let
"s" } , ( import "s" let "s"
( } GB require : * ; .
<= let g
( <= 1e5
, 1e5 , ; <= { ( "s"
% "s" * ) . }
: <= gpu g 1e5
extends ) import require import ( x { 1e5 } <= require
; % } ) 80 . 80 - . - %
<= "s"
- let "s" "s" / let import
% = 1e5
* ; , ) = GB let , { ; { *
extends
x extends ; "s" GB extends - ( , = =
, <= x *
) g
. "s" ) = . % % "s" require ( % {
require * ( require GB x ) } import ,
{ import gpu % * { } let GB gpu
. <= = : ( * g :
1e5 require g g 1e5 : } / x )
let let * extends x GB 1e5 GB ) extends 1e5
gpu x <= 80 gpu * ( ; import { . (
{ extends } "s" "s" * extends ; x , g import
let , ( { . / extends = ;
, % require : GB let require GB
"s" 80
<= GB { - *
:
% - GB <=
GB 1e5 <= % )
gpu - - require - gpu { import GB ; gpu .
- . 1e5 ( 1e5 import . 80 extends . let import
} g - 80 %
; gpu % : <= }
} = import <= / /
let let
= } * extends ( * "s" GB
( , gpu GB % (
; <= - - "s" 80 ; = =
}
- extends 1e5 "s"
gpu
: <=
GB
1e5 { let let require 1e5 : / <= .
gpu x GB import
} } extends = GB : :
extends . , % : <= { extends - -
/
"s" . ,
x % . / % / require = } / require "s"
% x
gpu "s" extends -
. - - .
x
GB gpu
:
"s"
x <= , g
. extends ; ( g = : gpu /
<= %
80 =
80 require * let } * "s" gpu {
1e5
{ * 1e5 require require require 1e5 { % g ,
require ) : "s" , gpu 1e5 - GB
80
: GB } % . - GB , ;
require {
* import , } { - x } {
( ) ) <= ) =
require extends let <= GB gpu { {
}
% <= require GB * "s" : ; require extends .
<= - <= {
g
- gpu , , = ; g 80 require ) : (
= ( ) import gpu let "s" } 80 : 80 .
/ <= require <= <= <= let ( x gpu ;
gpu let x 1e5 import let gpu <= <=
let { 1e5 80
g let
. let import { 1e5 } :
GB * g
, 1e5 x ; * % <= . { . GB
) <= gpu %
; % } 80 require
require , 80 % - ) <= "s"
let ( gpu {
GB . ( require . . - extends = . { require
% "s"
{ { - { 1e5
{
{ = 1e5 } - /
* % ( <= : 80 } ( ) "s" ;
% 80 : - } : let let GB gpu "s" x
GB import
let ( require gpu GB { { 80 , , extends
, ( 80 g =
} g "s" ( . { extends extends
g { ) gpu
= import import 1e5 -
= import -
import import 80 * ,
x 80
<= "s" <= gpu x
GB x <= "s" import x . / ( gpu g
, "s"
x ) gpu / : /
} :
% / { "s" } / / 80 x
: g } GB { ( import
/ x let 1e5 g { * x
- GB extends require "s" } g ;
g x * 80 * let GB } {
( : : - = { : .
} GB ( , import {
% /
( 80 * gpu . . * gpu
/ , - g 1e5 . x <= / , require
. import =
let - g import , . 80
x gpu require : - { : GB g ) : =
) - let extends
{ "s" gpu ,
gpu import /
{ / import *
/ , GB require GB GB / GB ) : ( x
g ; 80 let ; ,
gpu extends import <= 80 x gpu = require ( require :
1e5 1e5 % "s" = ( x 1e5
( ;
= * =
let <= g 80 x ; 80 { extends :
( extends , x = - (
; } g ; } gpu ) { ) <= 80 =
{ * "s" ) , . %
extends } : x / , * extends ,
* 1e5 GB ; { extends
extends "s" 80 % (
x ; import * ( , { % - g require
/ GB , let gpu : / let , <= %
80 : let x ; { GB 1e5 ; "s" =
x import - % import "s" , / <= import = x
GB ( } g * = "s" require ; . {
extends : let extends 1e5 import import %
let 80 / % gpu , ,
"s" import }
<= ) 1e5 . GB . x % extends <= GB
<= ) . ( 80 {
: , <= extends g GB gpu require 1e5 ;
1e5 ( gpu { gpu 80 { % x gpu 80 x
( % x
gpu
{ {
= / let {
import let ) ; - / ( let g
( 80
{ { require g %
= - let let *
= GB require 1e5 g <= = %
"s" ) % gpu x ) {
} { extends = GB % : :
require { , /
; = gpu GB extends GB } . : x
* ; * 1e5 let
g gpu x - gpu x * ) GB . % %
require GB 80 GB ) , ( =
g x :
% % , % ) "s"
* - ) g <= require
{ ) g let * x
80 . x
gpu GB let } * % * import
% / * ) <= { } , { require "s"
/ { ( , * x :
/ % ; <= % import
: <= - let require g } <= :
. (
g 1e5 =
: ,
g ) , { <= , <= let ; *
= "s"
} % - g g ) <= , = * } %
let 80
require ; 80 x 80 "s" <= ; %
import } x : 1e5 }
( -
"s" / x 80 require ) <= : "s" % GB -
- GB /
* let
gpu ( * /
= require let let 80 - - let , GB , ;
gpu
extends import gpu <=
require g g let x
( import ) import require import
"s" ) } x gpu , ;
<= extends <= x . g - 80 <= = )
* . let "s" ;
= x 1e5 % let
g import 80 let <= = - , 1e5 . g
: let / : - GB - let import
{ } } let
gpu
import { require {
- g GB : . "s" ) /
) . . extends / let import
) - import extends } require extends * { / : ;
,
GB GB import 1e5
, % } . extends g
extends extends ; gpu % = ; {
* ) *
import } x - require g x import - ; 80 "s"
% { ; GB let ) let * - 80 /
<= * gpu , = require "s" 1e5 80
gpu . 1e5
extends import
g
* gpu * %
GB * : = 1e5 GB = = . : gpu ;
require % (
( x ; GB * . : g { <=
let
80 - x 1e5 ( x * 80 x require 80 GB
- - } - : % require % GB (
* g / gpu : { {
, ; = let : 80 . GB 1e5
; <= - x GB x
; import require
) ) 80 . GB : {
GB extends let
* )
; / :
/ / ( / * GB / extends * =
80 x { import % "s" { "s" }
- ; let import % %
. = : extends 1e5 gpu g
/ import * . % , "s" ; require ) 80 1e5
, - - gpu , = . import , "s" let
extends , x let 80 1e5 1e5 "s" . 80
} = gpu require let
: / ( import * gpu import 1e5
let . / } let ( "s" require require
( gpu import "s" { import . 1e5 gpu (
) / 80 % "s" gpu
GB GB
-
= ) x
g ; ( }
- } = 1e5 1e5 { <= = ; GB g -
- "s" ; { . % <= 80
= ) g { g 80 } g gpu let
% . 80 } : 80 } 80 GB require import ,
import } ; let
; ( : x / gpu ,
80 80 80 = import . - . g : * require
g : 1e5 extends gpu : : gpu require . let
"s" * = g 1e5 * = / 80 % "s"
% . gpu
% * gpu import ; % , GB extends
- , ; let / extends require
let "s" GB
GB , require gpu extends
let let . <= 1e5 ( require let 80 extends 1e5 /
{ / <= g =
<= { extends ; ) extends *
% gpu { extends <= = }
( } require ; : - (
- :
import } g / - ) GB { . ( (
GB * * * ; <=
% . <= ( : . let "s" , %
} g - = , ) g require
- - = import . "s" x ( *
:
gpu { { g GB : require /
{ - ) let require 80 = . <= } . 80
( let 80 80 x / x ( (
x
require ) <=
. "s"
require : GB } ; / let , g
"s" x . : / * GB ( 80 * , }
let "s" 80 = / / / ( extends
} 1e5 / <= extends let
let } import
} = / extends ) let "s"
1e5 80 let <= gpu let GB : } )
. import extends <= , % import /
GB 1e5 , , 80 import GB require GB ) )
x % extends { ; gpu GB 1e5 { GB * *
} <= x , } , ) } GB , extends
, gpu ( g ; { ( let extends % gpu *
import % extends 1e5 80 gpu extends
80 x } GB
( extends
* let , "s" "s" % gpu { require % ; }
( * = ; import , gpu gpu g ; require 1e5
"s" 80 import - import 1e5 = import import ( 1e5
80 80 =
} extends }
) * extends
} 1e5 / ; : 1e5 <= gpu - g
; = x <=
x
x <= { / extends "s"
let / <= g x , g
* x g require 80 GB { (
<= let
let .
; <=
{ * <= : x
= 80 ) ; let } % * ; 80 extends
/
- .
80 . g ) * g let g } * - -
GB * "s" 80 x , GB ; ( , : {
: gpu % x
"s" } GB ; { 1e5 , ) import let x
, , let x g
; % ; { = { {
1e5
( . } "s"
, / ( GB } , / extends :
{ extends / = =
/ ;
, , gpu
80 extends - g % { } let x g x extends
( import 80 % import ; % ( 80 : : 80
=
1e5 -
x . = , ( % }
"s" {
x gpu = g import { ) extends let - 1e5
: . extends 1e5 GB ) * GB / -
= import import * 1e5 extends
require ( , *
* gpu ;
, require 80 g 1e5 ) (
<= .
: <= import * / x % * 1e5 "s" 1e5 )
"s" % g ( /
- , GB - : import
) : import { <= import - . GB x ; .
, ( . import % gpu ( 1e5 g let import ;
;
* , ) x let let / } - -
80 / } import GB ( / g % = let ;
) ; = let = . 80 %
import ( g
x let g 80 g ; ; GB = <= import
} } ( : * "s" require ( gpu
"s" 80 "s" gpu - import }
let = , g require %
GB gpu extends ,
require x ) } GB % x x / extends
let } g extends let * . require { *
} x GB : ) ; import gpu
} let "s" x
; x let extends x "s" . g * 1e5 )
/ <= % / :
g
"s" : x require require 80 <= require / 1e5 "s"
} ( <=
: { ) : GB % gpu { { { 80 import
;
* : ) % import * import
80 } * * / } import ) 1e5 GB x "s"
let require require 1e5 extends (
<= { require % import
import ,
. let = let , } let 80 ;
import
"s" gpu 80 ,
, 1e5 : import
( x 80 % : 80 import
g gpu "s" x let , "s" , g / 1e5 /
1e5 80 { .
% 80 (
* = % require <= 80 , * let ) 1e5
= % / - require } = ( )
, GB 1e5 require <=
x , : - let extends = <= import /
1e5 80 g . } { require require
extends
* - = ( { 80 * gpu gpu require x :
% :
x 80 GB let . let require gpu =
import { { gpu require -
g 80
) , ( ) - { GB : require ( 1e5 gpu
-
x ) { , 1e5
require require = "s" % 1e5 : "s"
GB x ( ( - * x =
) "s" g x } GB : import : * import *
gpu require <= <= - % import "s"
80 import / -
"s" 80 * <= = ; 80 / * GB GB
- x import extends } ( ( import . } /
"s" extends extends GB let
gpu ) ( = 1e5 1e5 require
. = % <= 80 ) , } , ;
; , % ; GB } = ;
* = let
. ; "s" (
} 80 -
GB 80 / extends 1e5 GB : . * /
gpu GB
g <= . extends } 1e5 ; GB
. - require x extends
. import import
/ {
80 % ) = ( 1e5 - } g extends g
x GB { (
{ ( / 80 (
)
x import x - ; } <= x
}
- } : % / <=
x
import g let <=
; . 1e5 "s" x ) ;
require *
: , ; extends <= * <= / ( 80 ; ;
, g 1e5 GB
extends x 1e5 * } { , import
gpu gpu ( . / . 80
/ = ) ;
. - GB = . "s" , gpu , ) gpu "s"
- let * require x let { =
,
) g
) 1e5 % 80 }
- .
) gpu
import % 80 require "s" . * - ; } } *
) / : "s" } ; x "s"
let / . %
"s" * <= 1e5 ( } extends
.
( GB = : "s" <= require (
= require * 80 ; =
x } 1e5 gpu ;
g require
, ) extends : % <= { }
"s" )
% gpu "s" import = / { gpu gpu
* x .
{ 1e5
require * { =
; : ( extends x
g extends - } 1e5 ,
) require g } } ; {
% GB extends - ( , / ) 80 extends
gpu ) : extends let ) 1e5
. . * { }
/ let x import } let * * )
) import x ; * ( require require x ; : (
GB = 1e5 . = 1e5 gpu { ( %
import ( %
GB "s" : 80 % . } ) , }
/ . .
, ; g GB "s" "s" , ; GB
, % 1e5 - . )
, extends "s" * "s" GB "s"
* <= let
: g { x , - { % 1e5
import ( :
let ) require import 80 1e5 , 80
{ = extends
GB / let } * = = % 1e5
let ) ) {
GB "s" gpu ; x
: gpu : . "s" gpu }
"s" ( x gpu
} : % ; extends , * { x :
GB g import extends g
<= extends
.
extends % / 1e5 = "s" = 1e5 : ( import "s"
GB { %
<= , . let require ; GB ) extends ,
g * import * } g
( % - . ( ,
; <= * : :
: <= extends let } % require 80
x -
, % = GB = GB / , let GB let
: / g . 80 g 80 : { { : gpu
/
; * { ; x = <= g extends ; x let
. / ; "s" g
* gpu let g require ; GB x let gpu gpu
g ;
% / import } extends "s" extends let
"s"
( ; require { / 1e5 * "s" } / }
, } / - ; * require
}
require / <= <= ) g require ; , require ( ,
/
import extends : "s"
) .
require g let ) 1e5 x extends "s" extends ,
;
1e5 . - extends = require - /
. 1e5 g % )
gpu = let % % g <= x gpu . 80
x - "s" x -
% * require <= let require extends = <= } x :
"s" import = : 80 1e5 <= ) import
*
/ g } 80 gpu
1e5 , - { let let {
"s" = )
% g extends } : * <= = /
GB =
x gpu g ( }
<= : .
let = 80 let % , "s" , =
extends : ( ( require 1e5 80 = require import =
% % gpu ,
GB <=
<= gpu ) let }
) <= , : 1e5 80 : } { import "s" 80
GB { <=
{
"s" { = x : , g ; . : }
"s"
GB x extends ; % import
1e5 import % = "s" { ) ;
) - } GB ;
: ) GB . / )
require { } : { extends :
( / ( "s" } x *
<= . 80 * ; GB gpu / "s" let "s" .
1e5 .
- { "s" , = ) ; * = ) let :
) <= extends / require require = 80
. * gpu ; %
(
/ import GB ; <= gpu : ; -
% , - {
. x
"s" GB ; import extends
, : . ; import "s" } x { ) *
extends -
<= ; , import extends ; . 80
. extends * 1e5
let ( "s" let / - :
/
* GB , g 80 g import ) { GB
/ <= ) :
; 1e5 { g - { 80 , GB
{ "s" = * - ) import { = 1e5 let .
x } g { / let g
"s" . - ( import : x ( 80 : 80 80
% import <= = require % . "s"
{ GB ) import , ( 1e5 x .
1e5 let
x require let gpu gpu : %
. - import ) / x extends
x ) GB - . import 1e5 <= / extends import %
{ gpu extends <= gpu extends 1e5
"s" . <= . let / GB ; . 1e5 require <=
/ g / <=
let / <= gpu
( ) , % <= = . <= : - require ,
) 1e5 / require
- GB )
let gpu } ) import - GB
= 80 ; - ) } import <= extends =
) (
; ( . : ) <= - , %
let ( , - gpu x let x let
; ( let gpu
. ) ) gpu * ( = GB import } . import
} * 80 ; ( {
: / ) import * * <= - g let
require ( 1e5 80 / / let
x ( require
} x x x g GB % * x = 1e5 ,
import / import , g GB , .
; * / GB
%
g { ( import } /
* * 80
} * require = "s" = ) GB extends <= let
{ / let "s" GB <= import gpu
/ GB GB 1e5 * } % :
x require <= } let = } GB 1e5 - . let
, { ; } <= 1e5
)
"s" : / ( let ) 1e5 gpu GB / 80
GB import
extends ; GB - { , { * % - g
= gpu * / : require , ( ( gpu
extends ( * g ( = :
- GB x =
.
, extends ( = / ; import gpu ; ; %
*
/ extends
g "s" % = / <= / 80 = <= * "s"
* ; (
{ x } : .
extends } * 1e5 * 80
GB = gpu { let x let x }
;
g { /
, % - GB <= ; ) <=
. GB = 1e5 , require : <= / 80 g import
GB let } - GB : } } -
- let . * <= * extends 1e5 = , . g
( extends gpu / extends <= ; extends g = let
. ; { ; x 1e5 *
* "s" = ; ( import
require { : gpu let
} "s" / : 80 extends } import g x extends gpu
g % )
, let g x , x : (
/ : "s" } x 80 import } import extends % %
= g ; - GB { - :
extends / <= require = } % extends gpu ; ;
* % - }
x : let GB extends let { : require 80
- * let - { let require gpu } ( ; require
. * let
:
let 1e5
80 ) 1e5 require
* ( (
, ( : - = ) ( % : GB
80 extends GB : = GB - let 80 "s"
"s" / "s" = <=
g ; . ( 80 *
, GB "s" ( = =
% : * * require GB
80 . let
<= 1e5 ( gpu , % - ; 80 { (
GB }
1e5 / let require x
( import , % g
- extends . , } extends g gpu 80 extends ( *
. extends
GB x / 1e5 <= let :
)
<= } "s" . <=
1e5 ) % } - GB
. % , let ) ( ( require { x
{
"s" import extends 80 . ; let ( x .
. , *
) 80 extends } 1e5 80 gpu x import
* / = 1e5 - ; extends : 80
import
gpu .
= gpu require g 80 =
) % } * ,
; . =
, ) let 80 = : 80 : "s"
= ) "s"
1e5 let 1e5
"s" import { *
require : - } <= <=
1e5 . extends } extends ( require } =
let ; gpu 1e5 } }
% ; (
g = - <= ( %
import import
. = : : . g
) let % * } -
g import % % * "s"
import <= 1e5 1e5 extends import : ( = { )
{ % GB , ; g g * ) 1e5 1e5
; 1e5 1e5
= x
, =
: . require % gpu x g x gpu - x
"s" 1e5 <=
80 * <=
extends "s" / ( gpu x , let ) 1e5 - /
import
= , require : = extends require
* let . gpu % % % / 1e5 1e5 =
let
% "s" import extends gpu . / g
/ {
extends "s"
x ( . : . {
1e5 1e5 : extends ) * require 1e5
/ - GB ; { ;
* import
= 1e5 ; , GB x x x x let gpu "s"
) g gpu * ;
, 1e5 "s" require -
<= - extends % .
80 / : : ) "s" g } : require let 80
* gpu - / 80 x ( import - require require
let gpu
import import "s" require <= } let let % let
= 80 gpu extends {
1e5 - let x * } gpu import
; 1e5 ( let
1e5 gpu { 1e5 (
1e5 . import { extends 1e5 % "s" extends ( <= gpu
; gpu ) ( gpu import
extends
x
% * . : } require let { 1e5
( import } = { - : : x 80 % 1e5
* let - / ,
; require 1e5 extends GB
gpu 1e5
extends g = : let 80 ; ; extends
; GB gpu , {
1e5 = = ( : extends , % 80 % gpu <=
require
let gpu g ; ( x
extends } : GB
. %
} x x }
extends } let ; let / 80 "s"
% 80 let "s" : 80 1e5 }
. } : 1e5 / } { - x , import
{ require ,
/ / "s" , = require ;
80 : ) 1e5 } require 1e5 80
import x require . - x
: % "s" *
; 1e5 . = GB x import let
{ )
/ 80
: . , : gpu "s" { extends g * ; GB
*
= GB <= import ; let GB import . require GB
( GB <= gpu x let - * g
,
gpu require % } gpu
* ; - : import gpu .
require % : = extends g 80 , % . : let
( <= 1e5 : gpu ) let import gpu {
: gpu
; } - / { } ( gpu "s"
1e5 .
x "s" x } , let require gpu %
; % <= extends extends 80 * <= .
gpu { 80 <= x x 80 let let "s" g
; , = * / GB
) * gpu <= GB let ; GB - : % x
g let - "s" extends
; extends "s" {
} }
1e5 } / g %
- %
g GB g - = require * x require extends
"s" x ( import = . let
: 80 : ( * : g ) GB 1e5 x
) extends , . extends extends 1e5 import
gpu - 1e5 - = { } x - , .
gpu 80 /
gpu 1e5 (
"s" GB / gpu ( ,
let = ; (
let let = gpu * )
require / , gpu . x { / : , GB /
} * :
} gpu let 80 require 1e5 , GB .
require "s" * { , gpu GB extends ) {
80 :
} GB extends "s" ( GB
"s" extends } , ;
( "s" ; }
* 80 80 = ( = .
. = * <= % <= GB / 1e5 80 GB
80 = "s" {
import % let . , { x {
* gpu gpu , } extends extends require <= {
<= import
extends ; * let
- "s" extends ; 1e5 1e5
80 <= , 1e5 % . g ) <= GB GB 80
"s" : x ; / x - % { /
; % ( - ) ; -
% , / % g
/ import * gpu . / 80 1e5
) } / / {
80 :
import / * ( * let "s" require
: gpu .
{ import ) = import <= let let -
/ require gpu = = GB import
"s" let "s" =
: extends extends * g . extends require x let
g - = 1e5 extends extends { - ) import ; .
) "s" * import GB ( * x
/ ( 80 /
1e5 } GB / { ; * % % ( { }
import /
/ { / import
= / = g 80
GB extends / require = x / ( : gpu } "s"
- - - x *
) } ) require g ( . 80 x .
require * extends
= / gpu = GB % 1e5 import
) g let : {
"s" ( : =
<= - } = x
GB : 80 } let : let * "s"
80 = (
gpu <= require / } { <=
; 80
- } x x
let
. {
* import } % % g *
1e5 * }
extends - : let { let % {
"s" }
g x ( require . 1e5
let
} . <= / x require
} GB GB % = gpu require =
<= % gpu gpu { 80 ( extends ( GB
} let
1e5 require gpu 80
GB require ; <= * * g } } x
. g {
} ) ( - "s" 1e5 "s" import / g extends x
extends :
import
; : extends "s" require . ; 80 g extends let
/ gpu % = gpu * ( let 1e5 require
: . { ) } ( = *
1e5
"s" <= / x
let ( = ) , import
) { extends .
gpu gpu , ) let require : ( , )
"s" import x
, :
} } GB * ( g ) . . extends
/ 1e5 % ; / gpu * import
g : g / "s"
let
GB { require gpu * 1e5
import x <= 80 { "s" gpu import
"s" require } . require * g g "s" : * gpu
= g import } , { 1e5 <= 80 GB
. { ( : ; let , = 80 extends % import
}
1e5 <=
: } require extends let 80 <= let = :
g , . GB = <= } { extends 1e5 "s" import
{ let % 80 1e5 - = /
let ( , ) % x : extends (
) % 1e5 x 80 80 )
import , "s" { <= ( / g
<= . ) } {
/ =
g % require ; / ,
* extends 80 {
/ = , ) ) } extends * % : / =
1e5 . gpu , import "s" g
* { . import 80
x ) : } . 80 require -
( ) 1e5 <= x ( gpu ; import import 1e5
<= extends
( / ; 1e5 * : { g import { ,
1e5 g /
( x , g let gpu require % let ( require
GB } } import ) { 1e5 * }
<= x import ( g - require x
, %
GB "s" ; ) require import * import 1e5 let GB
<=
. - . extends { / { GB -
* / gpu GB extends .
g let 1e5 *
* 80 = <= import = import % GB 1e5 : .
1e5 80 let { let / - GB ) / 1e5
g
:
- { extends 80 import "s"
{ 1e5 GB . : 1e5
1e5 ( . * % / = GB
* * {
; g g ; = % g
1e5 = ( * ; } <= : ; % ;
"s" * ( g * GB
= <= 1e5 import GB - import g import , import 80
; GB let 1e5 1e5
( ,
; . % let ) x : extends
import % require . ; ; { ) }
= import 80 require 80 , <= let
x x 80 :
% , -
<= ( { { , / ; require <= ,
: - { import / import } . {
"s" <=
import )
* ( gpu GB = {
* x import : 80 ; gpu = GB import )
( require let ; = ; extends = , 1e5
( GB } ( ; extends extends <=
extends . ( g {
. = 1e5 <=
g { = / * <=
GB "s" 80 * ) GB g x GB . =
*
% 1e5
import } * / let "s" % 1e5
;
* 1e5 g "s" % extends import g ) 80 <= ,
require g 1e5 , GB 1e5 g
- 80 extends
gpu "s" gpu 80 x . require } 1e5
; * 80 gpu ; / g GB / { GB
"s" {
extends : x g % : 80 "s" % /
{ % ; extends ) : , g "s" import
extends <= 1e5 require x ( / g }
let * gpu
/ require extends : "s" ) ; . 1e5 require GB
gpu
: require } *
{ g extends
{ = import <=
; require gpu 1e5 import - * } 1e5 ; :
; 80 %
} <= % : . <= { 1e5 / import import }
{ * 1e5 <= % require 80 import - :
/ = / 80
let require * -
: ; ) /
gpu ; "s" x / ; %
import , - / <= gpu GB import
1e5 ) 80 GB {
GB import
{ * =
,
* let 80 , )
: 1e5 x require
} ,
gpu . require { 1e5 : ) 1e5 -
80 <= require * 80 ; 80 { % -
{ * ;
)
<= * 1e5 - gpu <= * (
require "s"
/ { * % ,
80 / 80
let
- . import 1e5 g = GB { g % <= g
GB <= (
%
GB import
{ * / = import :
} / <= * { 80 / { x extends , *
80 GB let
x -
let require gpu let
<= import
import { import ) * import . x % "s"
- extends ( = x ) <= gpu = .
( % { let gpu / * / 1e5
<= { * = ( extends % ( / GB 80 x
require import - gpu - ( ( 1e5
-
} % * / / , <= ) * 1e5 require
{ 80 / = ) ( % }
gpu { ( x g 1e5 ,
: "s" let extends
- * ,
require / * * 1e5 GB (
80 let % ( % { * .
80 , * gpu : ) ; GB import :
{
( : = g )
; = ( * ; import * : , 1e5
, gpu } { gpu -
; } { x 1e5
, GB <= % % let * { - g {
x % let x = let - : extends 80
{ x /
gpu 1e5
}
, = ( - = import - -
<= 1e5 extends g require 1e5
* require ( ) ) , ;
. <= % } 80 ,
extends * } ) require import - <= import , <= {
/ (
require "s" let : = 1e5 extends , : )
( 80 . } 1e5
x
% import gpu
let ) ) / { x GB * gpu
( / extends , <= = } * let {
} % }
g require / x . require ) } "s" {
g } import x = <= % g
} ; . = <= , ) , / x
/ GB "s" . . % require
g let require
GB extends require / - <= 1e5 1e5 (
GB * GB : gpu
* , - = GB * *
extends % extends g : * % : gpu * gpu g
; } - ( ; let ) import GB / )
x - ) import 1e5 % * let
<= . )
* } let % = / require
: import import : <= - ;
* <= import 80 import = gpu
GB
let 80 , / / =
. , ; x x let , gpu let ( gpu GB
<= ) ( x % "s" = gpu . gpu 1e5 x
{
; . - = require
. { <= x - - 80 80 x x
g 1e5
{ GB GB 80 g { ) = { 80 , =
"s" require
} gpu 1e5 ) let
g g } 1e5 - = * - <= GB "s" (
GB % % } = = - <= g extends : -
80 <= 1e5 % ,
GB
g / . import %
gpu 80 extends import * = . ;
- * : <= / g GB 1e5 / ; GB
"s" gpu x ) - GB
: x * = { * GB - } <= "s"
80 % require / . { import }
extends
"s" ) ,
<= 1e5 extends
<= require = = extends extends require = GB {
% <= - <= ,
( / <= ) . "s" { ) <= g
.
1e5 { ) ; - ,
{ *
} . <= 1e5 let * GB = 80 x
= % import 1e5 80 "s" ;
, gpu { ; g gpu } = 80 } ) extends
let * x gpu * } GB , GB
g { extends / % import g
80 { { extends 1e5 1e5 gpu <= "s" }
1e5 * import (
gpu require : ( % ; ) * 1e5 "s" g extends
{ ; = } "s" * extends
"s" - gpu "s" g
- GB x require x gpu extends GB 80 ) import -
gpu {
import require
require :
g
<= . . let
= gpu { gpu * "s"
* , ; 80 extends import GB ( 80 let
: ; : require } x { extends ( 80 /
1e5 / extends % % :
x gpu extends ) GB g "s" .
( ; - 1e5 = *
; * = * extends import
/ let <= <=
require let % g 1e5 GB =
: , g { 80 "s" % = ; import
require
x extends GB x .
gpu 1e5 % extends } /
let gpu % import ; * /
GB let % 80 x let
import / } ; x gpu , /
: .
- "s" 1e5 / { } % <= import *
80 require g ; GB ( / import 80 =
<= let let require let
x
) ,
} GB , extends <= x
<=
; GB 80 } : x ; -
extends = } ) = { - <= / gpu
: GB %
GB ) . : require
<= GB * g let , gpu g /
= require
80 ; gpu g , ( GB extends require / let import
( let
1e5 %
,
* require x - g require import x = { extends -
: / } gpu 1e5
( :
let import require , -
; ( : % ; x import let <=
"s"
<= % , GB GB
80
( <= = let : { - % let . <=
= / = ; ( . "s" , * = * *
} g <= . 1e5
% { "s" : gpu = = gpu x 1e5 ( *
x * /
/
/
{ "s" . 1e5 * let 1e5 x . =
; } = } let ( ; % <= - "s"
*
. g let 1e5
extends g % let extends require % - let "s" ) ,
gpu import 80 * . / "s" <= ( <= ) "s"
require . / = let x *
- =
gpu ( "s" . extends { )
extends : let gpu
x %
. = 80 x / =
extends let % let *
<= ( require
{ ; , % / 1e5 <= ) "s" import .
x
. require gpu / 80 : extends :
/ import } x : % GB . let g ) (
require ) / ) { extends g
extends 80 "s" = import x
80 * : ) extends , *
, gpu
}
) / = = ; x import
- % , { ; % . =
require = gpu ) = 80 = %
<=
- require
gpu } - ) let
gpu ) - { % require
import extends let x "s"
x GB % ; extends :
) - = / x } "s" (
- import <= import % = -
"s" 80 gpu let * ) import <= gpu
g ) :
gpu % import gpu ,
let / { = extends <= % / <= 1e5 80
/ let / extends / , -
/ let extends <= GB "s" , , "s" gpu % -
"s" import
require extends g <= 1e5 ) *
extends GB
- "s" - g <= :
require } GB 1e5 = - GB
/ : * import / : ; / . x
80 x <= g "s" require require <= extends . - let
require , GB import /
. - } ( x gpu ) gpu * {
x <= , "s" / "s" "s" : - x import
) import let = ; GB ,
80
1e5 *
1e5 ) <= = "s" / x <= ( } *
* : - . , 80 gpu <= import % extends
80 g 1e5 g let
( require - import - GB - . "s" GB g extends
1e5 %
; , <= 1e5 , ; gpu * ; require
; import x ; require 80 gpu require 80 ;
= / GB ) GB ( } g } )
let * , 80 :
{ import { . let
, 1e5 = ) g ;
/ - } = g let , let { (
% } 80
; % g { import g <=
: extends let * * . / "s" ) "s" extends
1e5 import import let ; "s" GB { import - GB
/ x ) } extends require <= x } require /
GB x . . , x / x 1e5 ) let
"s" : - GB -
. / { <= "s" * GB <=
) * / extends g GB % . * "s" - /
( / ( ) require - g - x / import {
<= { } require } , / <= :
} require let GB 1e5 extends {
% } , ( : * g 1e5
extends gpu x GB : 80 { } 1e5 require -
- GB
% extends g { let 80 , . "s" x
}
80 1e5 let
let : * gpu * <= ( import
g gpu
"s" 80 :
} - *
require { { = . <=
/ = require - 1e5 } let ; g * /
"s" g (
g (
* = 80 )
import , x %
; *
- import
) <= = ; *
require g . ) {
= require g ) import <= ; } let 1e5 )
"s" 1e5
} - : . gpu % "s" <= 80 GB } "s"
) 1e5
let "s"
GB <= - ; gpu 80 ;
1e5 import require let g gpu , ) , g
. = . ( = * % , } let 80
{ ) require ( ; / require * : g )
/ extends ) GB - 1e5 1e5 g x g . ;
= .
80 "s" gpu "s" - {
* 1e5 } , require { extends <=
-
% ,
GB <= <= : , }
= , ,
) / , 1e5 ; % . { * import ; %
import { 80
: = 1e5 / 1e5 } let - g GB ;
} = . * . GB GB <= . * 1e5 "s"
<= 80 require / "s" require , x let "s"
extends
* * ; gpu } require <= :
) "s" : / g ; { "s" <= let GB let
{ ( let
* <= * * GB let
extends g extends = % , / = "s" <= g require
<=
; 80 1e5 * require
} gpu let { import
- let let % } 80 :
80 = import require %
import
extends : } * } require ; let ; <= extends %
; = <= <= % , extends 80
require g x - % = ( - <= let , extends
- .
import ( : let extends ( ; = 80 GB ;
= 80 80 ) gpu g extends require /
. , 1e5 , , { /
gpu <= 80 1e5 import =
require =
import , / { extends GB "s"
/ <= "s" ( <= let
1e5 ) } ( require , } extends gpu
, "s" require "s" % : :
% extends
gpu let
GB = { "s" {
gpu x ; GB
g = gpu extends ) GB <= <= ( :
80 ; extends % 80 ) .
: * % x <= ;
- % * 80 g
import extends g
"s" / 1e5 g
} 80 % = { (
} 1e5 1e5 GB
. GB - let g let GB
require ,
"s" : let extends % -
x ) 80 "s" let , % - . :
: } . - let / % { )
80 ; ( * - "s" % /
; , { let 80 ( ,
: / : : gpu x gpu - "s" : ) 1e5
1e5 gpu ) "s" extends 1e5 : g g
= } extends
* "s" - : )
80 : , . <= { gpu ;
x gpu
gpu import - / import
} extends
require (
import { : "s" - <= } / (
GB import
) ; <= "s"
. } g . = , % } GB ; , let
g * import import ,
; "s" import import x require % : let
: * import
- import , , , 80 ; 1e5 :
<= import * 80 extends
let GB 1e5 { % x x
"s" require = = { . . . . g
; <= x * %
import * <= , } <=
g "s" let gpu ; , , ; require * ) g
GB import require . : ;
gpu / "s"
; require require import )
, "s" ; gpu } = gpu : / :
: ) gpu } % gpu / <= g / let
/ g extends * x - . ) . x ; {
- } ; ) x
gpu , ( (
/ 80 <= gpu , extends g : . require * ;
{ 1e5
import let
<= / require 80 , { : .
gpu
"s" ; <=
= * : , 1e5 ; let =
%
80 require g
) - . } * g - let 80
1e5 "s" 80 % } % x ; : } : }
= - import let % x = ( } extends : x
: } GB %
% - <= , { = x g } extends . {
% ( 1e5
g "s" . * x ) extends
:
<= , <= . , * } : import "s" g =
) 1e5 ; * = . / 80 / "s" ) (
GB GB ) ; . x )
( * ; import / x let % import ) 80 :
,
* - 1e5 * x , ( 1e5
x { "s" ; <= import let
1e5 : .
require ;
x = * ; *
<= = ) : } ) * 1e5
.
let = . import ; let - 1e5 "s" - - extends
% "s" GB = let import : let % gpu
<= : * / GB % gpu {
= extends % 1e5 g - : * ;
GB ; ; let * ;
<= GB : . - *
-
* import - 1e5 / extends
; : extends ,
* } - extends , x <= <= x
, % ) ( require
<= <= g gpu x * require x )
1e5 80 - * 80
{ 80 x . import "s" {
- <= import % extends
= ; require
. ) x <=
x = gpu 1e5 1e5 80 * , / GB x
GB require "s" } % <= 1e5 , , GB % let
} x * import / GB 1e5
80 / : =
x gpu - % gpu
require GB ; % "s" ( "s"
/ GB = gpu } let import <=
; import "s" 1e5 x
{ ; %
; x GB g x
"s" . -
* import x % gpu x 1e5 require :
g = . <= 80 80 ,
<= 1e5 ;
g GB require = let % : import
extends
import
; 80 } <= ;
. = gpu = import x x
1e5 : <=
gpu 80 %
1e5 ; ; - ; let } 80 ( . GB )
g . , = ;
<= ) (
* gpu * 1e5
1e5 } GB ; ( . ( 80 g / let ;
/ extends %
% } { % ,
"s" ( : x . - ; { import
extends . x : extends g ) , require }
% g } "s" ; = % 1e5 /
. ) let require <= ; } } extends require
"s" ( 1e5 ) ; <= 80 require / }
; extends * import import % gpu extends ; require 1e5 ;
* gpu ; -
GB , 80 extends let = let * 1e5 <=
; g ; =
require <= , "s"
80 GB % g import 1e5 import . "s" extends
import ) extends % extends extends import
/ ( / ) gpu
: % % gpu
. } { require * let
1e5 g . - gpu } g let ( * { %
. ; / {
: { gpu g require
: - * import import x extends } ( = <=
GB "s" : <= extends let ; let : (
import ( extends
( 80 { extends ;
let gpu 1e5 } require
) gpu ( extends : * import ,
<= , ) ) %
let 80
( %
extends "s" let GB
1e5 gpu gpu require 1e5 gpu
1e5 ; gpu
/ let require gpu
/ GB / : 80 g / import {
x ; <= { 80 , x let :
GB let let gpu "s" % } <= *
require ( let 1e5
"s" = extends ; let . let - import ,
, GB "s" { % ; import
x * } { 1e5 g
let ) (
{ import 1e5 ; <=
* 1e5 extends "s" gpu 1e5 / ,
. * require import } 80 % GB =
{ )
g
; { extends } x <= * : )
gpu ; ) , require } 1e5 <= ( =
"s" import x import g , : } <= ( , "s"
;
; let , % x
let <= { x GB let gpu *
require require = 80 }
( import extends ;
1e5 { 80 g - GB require
g * extends require gpu ) ) gpu ; extends
let - <= , / ; GB let { .
: . 1e5 * {
/ , import / / , require x ) import
. x 1e5 ) ) 80 . ;
80 ; = ( / 1e5 extends
} ,
<= GB <= x g g 80 / g , * ;
extends
require g
g * extends
% extends : % ( let
* . %
"s" let { let ( x % ; <= gpu
x ( "s" 80 gpu { GB
1e5 % x { "s" ) "s"
let gpu g 80 * "s" ( 80
x
. % <= 1e5 * , , g 80 )
extends % ; require
import { 80 let
. ) ( / % = gpu . } x -
) "s"
GB let "s" import ; * 1e5 / *
* ; } ( ) * import % 80 GB (
{ } . )
let * 80 - . , : / *
= import x import = import , ) x
x ; extends
80 <=
GB GB / } { x / - extends
*
"s" - . ,
: ( extends 80 * import x { g
; <= ) ; * <= = / % let x g
: <= extends -
} extends { - - let let x "s" ; ( -
. import ) ; - 80 1e5 require } <= )
) : % * : : extends extends ) =
- * { ) ,
* "s" "s" % <= . x gpu -
"s" . ( g <=
; gpu "s" = g *
gpu ( } - let <= , "s"
80 x = , extends 1e5 <= * : import
} require { let
. ;
} GB :
GB . / x <= ; require "s" . "s" extends
: GB ) %
) x }
"s" , : ( "s" "s" require "s" , ;
let : "s" x x , = : / x . *
/ }
1e5 require *
( , { require "s" let
require { : GB require let .
extends ; :
; 1e5 , , 1e5 let
import - : / require ; "s" extends : } gpu
"s" ) extends 80 { * , %
* / / , require ; <= GB x
-
% 1e5 "s" import "s" : let x x {
g ( "s" extends ; :
=
- . 1e5 ) let "s" ( import }
{ } , 1e5 80 "s"
) g * { } ) * GB : - require x
% } "s"
: *
<= x import ) import (
) ) "s" .
g , require 80 * require : let require
. - gpu
"s"
% = 1e5 , g { import let let extends gpu
{ } /
, { . : ; x g x
<= * "s" gpu - ) x ( = )
: require , : "s"
, 1e5 gpu , {
- . ; = g *
80 ) g 80 { x { ) extends extends (
) ) * let let GB extends ; } require gpu
"s" 1e5 ( GB
: gpu ( . x <= } extends }
1e5 ; import * ) * ; g
- "s" let = require : ( % -
/ )
: . gpu }
x {
, g g require - GB let
require extends ; require 80 { *
let % - extends , % = 80 ; x * g
<=
} extends
( import
, } require
% require % extends ( : { "s" } x "s" require
"s" , . x , ( 80 extends -
<= import g - - = :
x x ( let { { = import gpu = 80 let
) ) = ; extends x x x % ; x
; require %
x GB ; 80 , import import GB ( *
- x } require ( ) / 80 -
}
g = GB extends = extends / extends 80 gpu import
% . { { ( =
% * 80 ) / 1e5 <= 1e5 /
) / = GB - : require } let
: : . ( import 1e5 . x / . gpu {
/ x "s" "s" x = gpu
; , 80 %
( <= gpu let require = import
: ( %
/ { let GB ; : 80 * } .
80 import : * ) } let import extends
GB { gpu * "s" "s" extends % =
. / { { = gpu ) * ; 80
( . } GB = GB
80 : x extends { let } import , - {
% ,
/ let 80
/ * . . - let { g g : ( 1e5
"s" <= = . GB } - / - =
( , % extends
<= % let 80 gpu , * } 1e5
* ( <= "s" <= . . =
80 g require gpu % gpu ) require . g
. } g gpu { % 1e5 "s" g GB : x
<= ( = { GB .
: - : (
; import
extends ; ; =
extends gpu 1e5 ; } "s" :
x
- ( ; gpu x * - = extends -
% gpu require require 80 - GB <= :
<= ) / "s"
extends let x 80 "s" , 1e5 = )
, . let
% g
1e5 GB <= * let ( import g import ) g
% 80 / <=
GB % let <= let = -
( x <= ; { x , ( let 1e5
<= gpu x extends . ( - , g * -
"s" % GB gpu , gpu import 80
. ;
x
g 80 = - 1e5
80 ( ( import ,
80 . / require import = 1e5 extends * require 80 (
x (
g let 1e5 ( * g - % <= let ) :
;
% <= ; GB / } .
g
1e5 80 let require . g gpu % GB ; / gpu
. { = extends
1e5 : g
80 GB import / = let { let -
80 ( gpu - = ) ; require - } =
80 GB extends <= require , extends % { x / -
-
extends require ( , let GB
: ) , gpu x require , extends
g } = . } } ,
, <=
extends require 1e5 80 let
require { 1e5 }
"s" extends ) extends ; ) ( . (
extends gpu GB :
( x
. gpu / gpu
import <= . { g gpu g GB import <=
{ % GB * { let
=
} % x g 80
require * let (
/
* : ( , } %
80 = 1e5 1e5 1e5 extends -
g ) * ( ) /
: * let require require 1e5 * x *
: = : 80 x %
% "s"
) "s" : * 80 x , } ;
"s" = - <= gpu / ; extends *
GB ) / g ) ( GB
import x . - ) } } <= 80 <=
% gpu
80 x * gpu let extends % . 80 :
=
(
80 "s" % - %
x gpu ( let x
} "s" let } } gpu extends = / 80
import
x GB <= GB %
( = let 1e5 (
require extends ( % x
= 80 * "s" : import 80 1e5
- gpu
% . . 1e5 * } GB } 1e5 : ;
80 "s" 1e5 "s" :
}
require gpu ( gpu x : ) gpu "s" <= . "s"
{ = gpu . ; * "s"
( = - . extends - * { % "s" x -
g import ) / let { ; x ; <= GB
80 x 80
) ; ; 1e5 "s"
g let let * } g : /
: . / / require gpu g , extends import let
= : <= , 1e5
: = require 1e5 80
. % g * { / <= let ; import
: : { <= /
= =
*
extends
} : gpu = 1e5 let .
gpu let % , "s" g } = *
) GB 80 "s" . import <= x x 1e5 GB
80 % % *
x 1e5 = .
x x ; g
: , = x
( ; ; GB 80 import g let
/ gpu
, ( g )
GB <= require - ) "s" 1e5 ;
let * g import 80 80 = * GB ;
"s" } require 80 GB {
/ % <= / , - extends <= (
let GB ( g 80 % import import
) ( { GB 80 require ( / x g : x
x 80 x
require
( ; { ; . % ( x
g "s" gpu GB 1e5 1e5 require = x , "s" (
require ( x
import / : 80 / 1e5 import <= x - * 1e5
require : -
- * GB x
import import ) : % % "s" % / :
* require % "s" ( import % , 1e5
x "s" : "s" ( GB ( % 1e5 gpu ( }
extends ( <=
x { "s" extends "s" require
; :
import ) x - ,
"s" % 1e5 1e5 x ) (
gpu : extends = <= ( ) } = GB gpu
% / extends extends = "s" =
g extends * 80 ,
, . require "s" let
} <= let gpu (
) . x g % g - gpu 80 ; extends
, ( ) , "s" , : - "s" extends ,
1e5 , <= 80 require ( x , }
} 1e5 let GB
) gpu ) - 80
<= require
GB { * gpu ) {
let x : extends / require
80 let ) g { :
require
} : GB = 80 { GB { 1e5
x % 1e5 g ) % GB 80 GB { = /
1e5 80
, / 80 % ; * = let { 80
"s" 1e5 ) extends gpu ) import {
1e5 = 80 , let : . ,
1e5 GB <= , let { - } import %
g . import require
* GB }
GB let * gpu . gpu extends ; GB
) 80 } extends
let 1e5 GB % let GB 80 *
- = * } } = } } x import
; / , GB ; =
( ; "s" ( x gpu "s" ( - -
, , { : gpu
- GB % x 1e5 extends ,
"s" 1e5 80 / ; ) ;
;
"s" ) : import x require = / / extends
1e5
. : gpu GB = 80 / <=
. ) g g let { import }
require = x
1e5 ( % {
/
. "s" % x , x
: <= ( / g GB import , 1e5 1e5
/ g gpu
g { extends x : ; require } * ) (
: } x extends % % "s" extends
, ) * - gpu require 80 GB , :
x
extends : extends x . import
extends / let ; let import , / 80 .
) , "s" * require } x - . - gpu
: import } gpu } ;
= 1e5 = <= ( extends ; require gpu ( *
"s" let let
{
x / % "s"
= { GB * , ,
( GB let = let import
"s" : x let , - )
/ g <= "s"
) g : require GB extends
<= % . "s" x x 80 require
80 let 1e5 ; <= - % ) <= { (
{ gpu : 80 extends ( 80 GB *
; * ( <= 80 = : { :
"s" extends 80 gpu "s" } 1e5 GB = let - *
GB / 1e5 import
*
import } } x / require import extends - require . {
g * : require let 1e5 ; x * import 80
. "s" "s" * ; x * . / / ( gpu
,
extends % ( :
( } % { ; : let "s" }
require = % import <= "s" = } GB *
let = ; g . ( ) 1e5 "s" <= gpu
: . = require x -
, . 1e5 x require . % ) - } 1e5
x 1e5 x : let ) GB
extends import let ) require require } g ) } }
/ = * ) let } , : {
- ( ( gpu 1e5 x g gpu / } 1e5
require { x ;
"s"
require * "s" <= import / - ( : 80 require {
1e5 * x GB : * 80
<= )
, gpu = . * *
{ g GB
GB ) ,
{ . % gpu g gpu
"s" } .
/ : let gpu 80 gpu
1e5 "s" * { g , . . require ; = (
- x 1e5 . require : - import
gpu % GB ( 80 * { % g gpu <=
% }
GB = % "s" 1e5 1e5 x <= )
x * ( gpu - <= ; . require
{ / extends extends ; 1e5
<= gpu / : gpu GB let x / extends
,
( } ) ( require ( * }
extends / - g
) <= 1e5 = ; extends
{ require ; require GB
extends ; { require * ; - :
% %
80 1e5 <= - % extends
"s" import = . g : require : "s" (
. GB GB } .
1e5 import . % , *
, gpu , import . * }
GB , x . import g * = * ( /
:
% ( 1e5 * } <= { ;
let x x x / * = ) / import
import ( - =
80 - <= import GB } *
)
import %
80 ( : <= ; : gpu <= extends
x 1e5 x x let = require % - % extends =
let ( , x , }
)
let
gpu x * <= * 80 let % , GB / -
80
) . } 80
GB extends =
let 1e5 import % "s" * <= } { / { }
let : 80 * 80 - : . "s" / % ;
. GB extends let ) let ( ,
{
"s" ( - }
extends
. , GB GB let 80 80 gpu : g
{ = require ,
x ,
, = let * -
1e5
let } "s" { 80 . { x 1e5 ) = import
let * 1e5 . let 1e5 / { 1e5 ; : (
- ) ; { import x <= / . <= { -
<= "s" ) * g / / } let
1e5 1e5 <= <= - require *
: ) * extends g g
<= 1e5 <=
GB = - extends - 80
=
GB % 1e5 let
g let 80 } ( g ( /
/ g <= ; / extends let ; { gpu , g
* GB % - . = GB x : g ;
80 extends "s" import { 1e5 % let let 1e5 "s"
80 = - % , } "s" GB }
import gpu ) ; { ; GB , * * % ;
% g ;
"s" : *
80
g 1e5 { = / ; x . , } - %
) = g / 80 = <= 80 ;
= gpu / g import , 1e5 require
x / extends ( : ( g "s" - - / %
let / 1e5 let
80 - } - 80 }
% } 1e5 {
} import
let <= % <=
% "s" import x = /
80 : <= (
- = * - 1e5 let % extends import let
1e5 * 80 = let <= {
- "s" require *
;
x import / = ) / "s" GB let = % import
import gpu * ( ) . 1e5 : . }
1e5
1e5 GB : <= ) / ,
. "s" gpu require x
* ( ; . gpu .
% } { let
GB
<= . - % extends 80 * = 1e5
/ import ; ( GB {
extends ; . x g require { 80 1e5
= 1e5 ( % ,
: GB 80 "s" require
/ ( g import , / "s" g "s" extends
require ( % = g . )
( ; gpu <= . * ) 80 (
1e5 .
. : - ) import / <= "s" extends ( extends
1e5 . GB
. { } extends : x } )
; / extends 1e5 g
-
{ GB
require <= { import
: , 80
. extends / {
- } <= <= * % g % require ) : <=
let 1e5 let extends g { x * 1e5
<= *
GB <= ; import - * <=
80 - ) g <= .
80 % require GB
{ x , }
=
, , { - - } = . g
gpu require gpu extends - , gpu gpu / = {
;
let
80 require } g
import = % . g = <= GB % 1e5 (
= , gpu <= 1e5 , } ,
, ; extends "s" "s" { ) 1e5 1e5 let - <=
x gpu "s" extends require / "s" 80 { % : :
= = % gpu , g = 80
{ ) <= extends - ) } , g <=
* x 80 ;
require GB extends extends ( - x = extends
; gpu
extends "s"
: 1e5 GB GB gpu extends % "s" / extends
: import - g GB / g GB GB
GB . "s" : 80 80 ) require
{ import . let 1e5
/ require
. ; <= g
, = extends x ; . g )
GB . require
% : let . ; g extends 80 g - ;
"s" extends ; let : require
: / ; %
80 x , 80 )
import import * "s" / import <= = = "s" x g
: / ( : , "s" GB )
= extends
* import - g gpu , }
. g / / ; ( .
GB require x , * ; } , x
% g ( 80 / ) % / =
import ) require GB
( /
. 1e5 ) require
80 require let "s" ) x , g ,
, ( ( extends - - . gpu require *
GB "s" gpu ( : require 1e5 require gpu
import GB % "s" GB require : )
=
} g / ) 80 * = GB
extends import :
= } ; 80 g 1e5 gpu ( 80 .
} / * 80
<=
} { let gpu
x ) 80 / - GB require import { g ,
let "s" x
% g ( . %
{ - , <=
% "s" - - 1e5 gpu (
= : require : <= % gpu extends <= require <= gpu
. ( / %
. <= g . = gpu (
extends
<= 1e5 ; )
import let . let . 80 "s" ; extends 1e5 } GB
:
import extends 80 ) g gpu ; % let "s" ; ,
: , : , / let GB 1e5 . extends
g extends 80 x ; - { *
"s" import ) { <= <= - 1e5 { require GB require
x , x
extends x x 80 "s" (
* "s" <= g
<= let . ( , gpu
= ( / ) import GB ; { / g "s"
= g } :
80 let g
"s" x . * gpu
gpu require - % 1e5 import gpu / = } }
. extends :
GB ) gpu let % % . 80 g : extends
) g import x "s" extends % } require % - 1e5
{ 80 / - . 80 g let ) g
; - * require }
gpu g "s" ( x extends g gpu ; let , *
"s" % 80 <= { . { g ; let 1e5 1e5
GB GB gpu } require / / , , 80 ) ;
let import - { require
( <= * <= . require - require import GB
/ ,
"s" , * % 80 . import ; * -
80 % GB , . / g = gpu
: require 1e5 <= let import - *
"s" gpu
: x
- GB *
1e5 / % } .
) let
gpu ; ( "s" ) ) , GB
/ require = ( let let } : GB *
let gpu } 1e5 - g
; , ) x
%
: / % 80 (
"s" let g .
: let
import require x /
import require / - gpu { x 1e5
, GB require let
) x
% GB : * ( extends ) * : /
% g / = extends ) )
= x 80
, gpu , 80 { extends , * * let
{ 80 - 80 import "s" =
extends , , % ( x let <= require let require
; <= % : = : = let . g . ,
} 80 GB require ( 1e5
% <=
"s" { } 80
extends require % / = import import x : gpu
= / ( GB *
( "s" import = g - )
. . gpu <= g let
/ { gpu = :
) require
1e5 ; require % ( ) ( { , ( GB require
, / "s" - % extends ; gpu
"s" require = ) import require = /
1e5 GB g extends / x 80 import g import
GB ) ( %
g x - g gpu require ; gpu * let
= let ; : 1e5 = , GB ; require "s" 80
* x require
}
extends 80
import gpu ( 80 . , gpu
: )
import , . = require
/ import let
= extends * import ; g
import let 1e5
} g extends x g x =
* let 80 , ) -
g
= (
x 80 , % { . , import x let :
-
"s" % . <=
GB import let , import = require : 1e5 {
{ ,
; ; GB let extends ) / 1e5 <= / *
1e5 <= %
) "s" 80 ) extends 80
= = { let {
. g ( : import import - { g = - :
) 80 "s" GB - 1e5
x . x <= /
= { 1e5 "s" require <= -
<= : % "s" { , } import g gpu 80
/ "s" 1e5 require x extends ( gpu
: <= ) - . "s" *
extends 80
x g g
%
- import GB { let
x "s" 1e5 require , g let 80 ; 1e5 1e5
x "s" ( { } { 1e5 ) x % ;
"s" x - let ; x gpu 1e5 ) (
1e5 , ) let } - % ( ( ;
"s"
( "s" % ; import 1e5 - ; let { ) }
*
-
g require x ) ; { ; import g
% 1e5 . ,
gpu require require ( require / GB GB
, ) "s" ; extends extends ;
* ) { GB
; <= let 80 {
let ; "s" } import
% ( ( GB { g / / ; ,
) = : extends GB
<= require
extends <= * /
g : let gpu gpu :
import "s" *
"s" 80 "s" require gpu gpu g { %
g import x "s" ; -
x % gpu
% import %
= )
1e5 ) % } import . extends
let - let ) { *
<= GB gpu <= * } gpu = 1e5
80 g x let GB
/ ( gpu ) require x - ( import
let
= GB : { = = * extends } GB } 80
* : / ; ,
= "s" gpu extends { % 80 = % let "s" )
; : %
{ g x 1e5 . % : % . } , =
x { { "s" ; = require * ) { :
= :
require import "s" <= / "s" . 1e5 %
GB ; 1e5 80 / g : GB ; GB { require
require / } * extends 80 , import { = - (
"s" extends } GB g
* require } GB "s" { } extends gpu g
; g <= ; g ( import
"s" ( - ) . } "s" -
1e5 import gpu gpu import ( % . * : ;
"s" g require gpu { % x gpu gpu x
= { <= g 1e5 1e5
x <= GB , "s" / :
GB : gpu <= "s" ) extends x import ) "s" "s"
. {
{ import GB
require GB : "s" - % )
1e5 "s" { <= "s" . extends (
/ , ,
g extends import 80 { ( ; / gpu 80 extends
{ import : : . % , *
% x "s" * , "s"
) 80
x GB ( ) , , x {
* x = 80 g { )
import x g % require ,
extends ; = extends x % 1e5 , x
import require require )
GB % GB } 80 . let
- / gpu x - - <=
gpu
- gpu ) x gpu
} % 1e5 extends { . ( 80 % gpu x extends
* - "s" 1e5 let 1e5 <= g
import require % % ( } * GB } import ; ;
{ ) : import
let <= * x import GB ) .
: { ;
, require "s" { 80 extends { "s" GB <= { {
: import { 80 GB / 1e5 1e5 . = let
x ; g -
let g import gpu
}
1e5
: <= / / g {
= % - ) -
x / import <= ; % ; let ) :
gpu ; .
80 "s" } , require GB 1e5 } * gpu }
80 * 80 x . /
GB } : extends 1e5 : . ) -
= <= -
% : 1e5 GB , GB ( : = ; ; "s"
require x * } require . import require } )
GB require x let GB / gpu
( extends ( g /
) <= ( { GB "s" / :
) } x = / gpu { "s" % 80
( 80 x { , <= /
1e5 GB , <= <= : "s" gpu import
gpu { import <= ( : GB 1e5 = (
GB let = g -
/
=
) import gpu : / <=
* require ) import let ( % require * : require }
/ - - , require *
/ "s" / % { GB { extends * ; ) gpu
x 80 . x } : 1e5 g
1e5 import } : import
)
x let import = let , let x , ) / g
{ extends * x (
x <=
g 80 <= ;
: 1e5 require { 1e5 x
= require <= / ( = extends ( gpu "s" ;
; ) import 1e5 = . let
( <= ; : { import extends gpu ( "s" ;
; . import - <= / ) -
- -
.
%
= , let import :
( ( } ; = import : } gpu
; : ( ) ( let require }
1e5 ; = % "s" extends "s" - "s" <= "s" gpu
import } 1e5 gpu 80 require extends
gpu = % 80 / import
. . * * , g require ;
} / 1e5 import g 1e5 gpu
GB % 1e5 / : % ; / / ) * (
80
, require 1e5 ( ; } ) 1e5 (
- * gpu
* extends g = 1e5 , extends let "s" 80 / ,
{ import ) ; <= 80 , % * % }
*
g . x ) 80 / } } 1e5 ; 1e5 =
let import } gpu gpu GB 1e5 / "s" ) let )
* ( * "s" 1e5 import "s" extends / *
import 1e5 g
GB
- <= "s" * "s" g - extends 80 "s"
. GB { x ( "s" ; .
80 . ( x g <= = . let
( , "s" x <= <= ( * <=
80 ( - (
g ( ; import {
. let "s" GB
extends "s" GB let gpu * let . GB GB %
g % <= gpu x "s" import 1e5
: gpu * / . } - ) require
% :
=
: { 80 GB :
= ( } GB
: { require 1e5 , = "s" . import x {
; - require g import % - require ) "s" g
"s" 1e5 "s" 80 } extends "s"
x 80
; ) gpu
g , . <= = extends -
/ * 80
gpu g } g x . "s" { let <= ) ;
= require : x x "s"
1e5 * : <= gpu import extends * x let let
} ( <= ( extends %
= . = 80 x . import { require require
require GB let
import = gpu { - : x 1e5 x
{ 80 { 1e5
= import
extends <= * g extends ( 80 x 80 let <= x
) x <= import :
extends 1e5 - import ( import gpu extends . let
GB let ; - require require % require g
1e5 let % ) ; <= - g -
{
/ "s"
"s" - { g . , } gpu ; 80
/ ) ,
1e5
{ let x require <= g )
extends )
import - x <= 80 / ( let GB ) {
. : } gpu
"s" <= ( =
* let extends 80 1e5 <= g = % 1e5 * *
x * 1e5 ; ) ( GB <= - <= GB
/ - gpu (
<=
/ g require = <= : gpu x %
x GB = / extends * let gpu
import ) require g ,
; import - require GB
x <=
GB 80 g : , let ( 80 let ; GB 80
/ % ( } require "s" -
let ( require {
. require ; let GB <= let extends let ,
} extends
/ GB %
x % , GB "s" import
GB . extends 1e5 import .
: . { import : : } } gpu } -
, g <= ( require GB = extends
}
{ , )
GB let % * <= import 1e5 -
1e5 - extends let GB extends = x
import require
x
} : 80 = } ( "s" let - -
extends / / : . 80 g
; 1e5 let (
80 GB gpu - gpu
; 80 ( 80 ; ) require
* % * ( / "s"
% 80 , import 80 : . { g ) %
require ; ( . { let extends = = ;
let
- { let } <= <=
.
g % ( ,
{ : gpu extends 1e5 80
* gpu , "s"
/ x
gpu - x
* x extends g g = 1e5
- x GB . GB - * 1e5 import import /
gpu , . ; let - / - :
x = / 80 <= ) "s"
g <= ) x = 1e5 GB ; {
import 1e5 - GB { "s" ; . extends
extends let ) GB g % g . gpu x
80 g require x "s" % g
= } "s" <= , require
gpu ( let 1e5 require . x - = - *
} , = : x "s"
let g . %
80 } 1e5 80 "s" / / ( GB =
= g g ; = gpu = } % . = import
g import ; g g . = % /
import : { import . extends extends
. 1e5 { * ( extends (
) * { x ( extends
/ x let 1e5 80 % %
* * ;
; let * / <= = 80
80 /
gpu x ;
* GB "s"
import ( require . ( .
( gpu import : ) % ) ) gpu
require
. "s" g : { ; % 1e5 %
extends 1e5 * =
: "s"
GB gpu <= gpu , require = %
require * "s" "s" , import * gpu ; -
GB
}
import require ( require ( "s" { GB
80 , { } "s"
: : "s"
) <= }
- , { (
80 x - require "s" "s"
gpu let - % 80 GB / .
import = ,
<= require , g import = * : x let x
import - 80 ; : 80 let import let
) require x require gpu - let extends <= - - -
import * ( let - { , 80 80 . 1e5 extends
let extends { = / % ; )
g x ) ) ) GB "s" / % / extends
% let 80 = = let g "s"
- import - ( gpu ; "s"
let * . - 80 ,
x / <= 1e5 % 1e5 ; 1e5 : - x import
let * GB %
x extends - { <= / <= * require % *
/ 1e5 let ) , let * : -
* , . extends 1e5 let * require extends
: :
extends * { /
import "s" ) g 1e5 let / extends
; let , . 1e5 extends 1e5 ( }
.
}
require ( GB - } let * g ,
( let import
import % : { 1e5 ( g % , require import
require 80 1e5
( x ; , } import =
let . . <= ) import import ( <=
. ) * / . 1e5 1e5 let import GB .
( - g 80 80 x ,
% = 80 = 80 %
1e5 extends ( / = "s"
) % ; <= 1e5 "s" 1e5 x
( extends : g )
GB : / : require extends gpu "s" ( GB : /
} - , ) require } ( % require = } -
=
) * ( 80
, . ( { ) } import }
: % % "s" ; import import % { ; gpu
let ; "s" { GB * 1e5 let <= -
% = { } g require % extends -
gpu x , <= g x ; ; % x
( import / GB
g ) = extends = - *
/ } GB . * ( ;
import ; : * "s" require { % gpu }
( { { * / import { / . } let
x - gpu g extends . gpu <= %
require * gpu * : gpu ( g import , extends
g 80 ( <= x <=
"s" ( % let gpu / x 1e5 require
: : {
"s" GB
g x 1e5 . ;
; 1e5 g x 1e5 = } % x = ;
g 80 /
)
:
( let import
. = ) * : .
( = import . "s" . gpu ) ;
require extends
, ) ( GB x "s" = let extends * =
let require % require ( = * { . , <=
x 80 <= x 1e5 . }
* gpu { . x <= "s" / ;
require % 1e5 =
, , , import : g 80 ,
x extends % let . x = g
) let let 80 ( 80 : {
} 1e5 % . x } , let import
80 1e5 GB { gpu
"s" g 80 <= : : require import :
) ) x ( = . , / % :
; - } ) - ) ;
g
; }
, ,
let 80 let
GB . ( x ; <= :
1e5 ; let / require * 80
, let gpu <= gpu - let GB ;
80 <= import 1e5 extends
GB . 80
= { g * gpu * let . % }
= / ) extends % * - x ; 80 import
)
} ; g - ) x , import *
extends x ; 1e5 extends 1e5 1e5 , let
import "s" 80 . % 1e5
require extends : "s"
80 gpu { extends g x - = )
*
GB "s"
} / x , require . : let g <=
require * extends ; g = )
; g import } , : } 1e5
x * ) "s" / ( % : import (
: * = g - 1e5 80
- 1e5 <= 80 * import - % "s"
require . - - "s" * import ) gpu
"s" g {
- let GB ( "s" ) , GB : ( x "s"
- / GB
80 %
<= g gpu "s" { GB import 1e5 /
gpu g } 80 gpu . extends "s"
- <= = . ; . require ( gpu ;
} / x % "s" : )
- GB ; g ) /
extends * "s" ( extends 1e5 ; ; / gpu /
GB * extends ; <= x ) . 80 } let
1e5 <= require
: GB - = % <= { extends <= = 80
<=
x GB require 80 * import ; 1e5 } .
let ( 80
<= / gpu , "s" % GB } "s" extends ,
} - , x gpu
) ( g * import
g , {
let } = { } * -
: gpu 80 x = ; extends , {
"s" <= <= let
1e5 } 1e5 import "s" gpu - : -
g ) / let
"s" { , { / = ; ) ; %
. ( = gpu 1e5 80 80 x ( <= "s" import
gpu = 80 let
extends % "s" extends *
let / , extends
/ 1e5 gpu
} gpu extends : (
, gpu
- - 80 80 / } = x / 1e5 "s"
GB import * / let * { { :
{
"s" let
} ; 1e5 : require 80 g * : ( "s"
% 80 x = require let *
( let GB g { g 1e5 /
require = = - GB 80 let x g require let
) ; let
1e5 . { ) * { % <= - % import "s"
<= -
% "s" extends require % : ; / ; require
import let , 1e5 } "s" % 80 extends %
gpu ( * g
80 extends - , ; , ) require / let . *
gpu import x } % -
<= , gpu GB * ( .
80
1e5 = % 1e5 import { "s" : -
require = * ; import
<= ( <= % % } ( : gpu
; ; GB ; ) , extends , .
) 1e5 let * ; * ( } let { ,
. - ) * ( / <= 1e5 { gpu
= extends GB <= ( x = GB . *
} let 1e5 import x ( . . -
g , x - require = = / g / GB
} require 1e5 :
/ % GB = ; extends extends
<= "s" % g
GB extends
/ <= ( gpu - % x )
= GB 80
1e5 require gpu - / <= 1e5 extends } extends import import
require / x ; "s" import ) /
require = extends , - 1e5 : g let - - =
) 1e5 80 : 1e5 }
) GB 80 -
: x "s" . ( - gpu
g require : / ) g 1e5 gpu , <= require gpu
) require ) { ; ) "s"
x x g /
GB g <= , g <= {
gpu . , import
80 = (
. : = ) }
<= gpu GB <= gpu extends 1e5 , let = -
: 1e5 - extends x - % } : <=
} ; gpu / ) <= "s" GB 80 .
*
let
) "s" ; ) import import } =
gpu * , import gpu
; = let )
g %
let . . = g 80 gpu
. . ) : } * : {
x extends / "s" , ) 1e5
* <= = / "s" x let
import
/ % "s" x -
* * } <= } * g (
x ; . { 1e5
"s" require <= import . <= GB 80 x extends (
) require g - let require require
extends require ; require 1e5 gpu { - , GB
; ;
) x <= let
extends GB gpu
1e5 } :
* g - % . let
= extends % , g GB ) import {
import GB - <= 1e5 ; . . } GB x let
. ( <= } , . g <= { (
g g : 1e5 GB extends 80 <= import
import }
: let g { 80 .
/ } require
let
gpu <= 1e5 "s" g x ;
( extends - g , / %
. *
} gpu GB <= , = 1e5 80 "s"
; <= x
/ g 1e5 { x - gpu
x - GB : import extends GB "s" % ; 1e5 }
, gpu extends import 80 = = , x import let
. = x ( let = GB
let g GB <= % ;
gpu require } import 1e5 import
( <= 80 gpu x GB : x %
} 80 ( x { ,
1e5 import extends / * require ( 1e5 = gpu %
80 = ; , extends , ) <= <= let
import <= { * . extends g / 80 g
1e5 import g : <= GB 80 80
= <= ;
let let / } import / 80 g * ) extends let
% , require <= : g require 80 % import
) 80 ) x : : % ; / gpu
: : 80 ) extends ( ) 1e5
<= . let ; 80 GB : - {
)
/ GB ) / -
= extends x { 1e5 g - ( let
require
* extends ; require let
<= 1e5 <=
gpu require ) GB ; { . / gpu /
GB } * ; / ; )
: / , GB
{
gpu gpu { * ( : extends gpu * )
<= 80 , { , : / <=
% = )
"s" x = let import gpu
:
= gpu g ) % ( require "s"
- extends % extends /
, { % } , x = * , / * -
<= GB } gpu 80 { % : * require .
, extends gpu import : 80 { / extends
) / <= % GB
extends ( x ; % % ( { "s" - } )
= - ) 1e5 - ( 1e5 / ,
import ; "s" g <= - "s" ; ( }
extends ) let "s" - { = - g
{ <= extends let import let let
* = 1e5
1e5 . GB * let
gpu ( import
; = gpu ) , let gpu
. % ; 1e5 80 let . "s" "s" : import ,
<= -
import ( 1e5 { x import ( ,
extends GB . import require . /
( } GB , require , gpu ) } = <= g
/ ( { 1e5 let
"s" / x g
- *
import , = require - { g
) let , ;
/ . ,
( extends { ) 1e5 GB x .
{ let 1e5 ) let * * 80 x
. import * "s" x import } g
) ( - GB "s" "s" {
, extends , 1e5 . (
) GB
) . ) "s" - 1e5 1e5 x
import } extends let import extends 80 GB ,
* /
* <= )
x ) GB g "s" <= GB ) <= let =
( import ) extends let let require 80 g . import
import "s" extends ; - / % GB = / - "s"
GB { let
import . / : / 1e5 = "s" GB <= g
{ g . let * import extends let g *
GB
require - x } { ) / <=
} * 80 . 1e5 ( let "s" : extends extends
GB x <= ( extends "s"
* . * , } ( 80 , ( { extends let
* / ; - ( extends 80 ; ) g : )
{ GB let
/ - let % , let } , = x let
, import . ( x g g - x
, require g - ( / gpu % ; extends * 1e5
x . , 80 g GB , let { / :
x = 1e5 } ) . } . let "s" (
) x * "s" = ) { require 80 gpu
let <= : : ) g / 1e5 import
80 g GB * x *
"s" } require
let : / "s" x ; g 1e5 )
GB <= % ; } GB let
80 / 80 80
extends - * } - g * :
80 / : 80 let
* { } % g ) / 1e5 %
import ) . ) ( -
1e5 ; ,
( gpu { "s" import <= <=
; : * require g g
"s" "s" = 1e5 { 1e5 / 1e5 require
% ; g . 80 - let
, require . 1e5 .
% "s"
x ) * gpu
x gpu 80 {
, * : gpu x
let
GB . import "s" ; } ( : x 80 g ;
/ { - g import ) { gpu
"s" ( require ( GB
/ { , : , . 1e5
gpu <= , / x g
extends gpu % : , g *
g - ( import gpu
1e5 ( extends {
80
let } 1e5
80 import gpu :
extends *
/ { extends let gpu } } gpu - ; let <=
1e5 , / * , / "s" <= "s" extends gpu
) :
1e5
}
. : let 80 } = GB 1e5 1e5
; GB extends
; : / } { ) require extends - g } =
80
80 GB GB GB
x - extends let - x /
- , = GB , x -
1e5 "s" 80
= (
{ 80 { <=
* 1e5 import require % 80 let "s" - x GB
- ) GB %
g import % , : * x <= require % x x
* - : ; ; * 80 GB ,
GB
"s" { : ) extends }
/ ( "s" import import 1e5 import { ( g x
import extends
import GB ) GB
x 1e5 = x . )
; 1e5 extends *
} -
/ { { { 80 ; require 1e5 .
<= <= ; , g x
g 1e5 let 1e5 ( * % import 80 "s"
let = ( require , ) ( <=
, ) . ) GB <= GB <=
GB
( gpu "s" : <= } ) { - /
;
gpu import <= ) x <= <=
, )
require , x ; <= = x 80 import = / 80
% gpu 1e5 * require ; g GB g "s" 1e5
; 1e5 let x import ( }
* gpu } "s" % , 1e5 - GB <= 80
- <= : / } GB }
require ; 80 1e5 import 1e5 import
80 = ; import 1e5 * - 1e5 gpu g x
{ , / . . extends gpu
( 80 - x gpu GB GB GB . . * "s"
let : let : let GB ; require } ( %
= extends ;
( 80 80 ( extends gpu - x ( } , GB
/ / * )
1e5 gpu - extends ) . 80 : } - ( ,
: , ; import = / x , require : :
<= import
.
. 1e5
: ; g / ) * gpu
% <= GB ; 80 1e5 { ( g , , ,
, { , GB require "s" , ) gpu / =
%
<= ; - let "s" % } : (
extends x extends 80 gpu "s" * , :
let import "s" { % 80 - import "s"
: = "s" x ; , { ( require ; % require
80 GB ; .
extends ; x } 1e5
, - 1e5 , import gpu <= import / / / :
gpu ;
( . : : 1e5 let
/ 1e5 =
-
( ) ( import GB (
import ( , }
"s" import { extends
let - "s" . )
) % } "s" <= x = % ,
x , extends
} { let let ) gpu 1e5 : import * g
/ GB <= require }
x { { , % 1e5 80 import (
80 *
: GB let extends * . <= import import
= . 80
% / let %
% x "s" <=
% ( let , x
: - ; require { 1e5 "s" : import
=
= , 80 import {
1e5 g . require let ( =
- * g = GB GB = - { x
80 .
; % (
GB ( / * let
( GB = "s" extends ; "s"
/ import : <=
<= : 80 <= ( ) <= : ; let
) require
extends "s"
; ) gpu 80 extends let require "s" , -
{ = g
GB g / GB x / "s" 80 ,
= { * GB ; <= GB extends x
( . gpu
% - import ) ) g 1e5 gpu
) % * require 1e5 gpu - "s" gpu GB
1e5 % / let % = * .
GB )
80 { ,
) , x {
% % ) ( . ( : "s" / )
require : g ( g "s"
)
import / ) ( { import "s" ; . import
require = GB x (
1e5 ; , (
"s" extends require , GB GB * 80 1e5 ; ) *
- <= . -
} = = x . gpu <= extends g % (
%
require } import ( % ( % : (
, extends
, <= * , import g x
/ g let <= require require g require , <= ,
x extends 1e5 { "s"
: . { 1e5
require * { ( GB GB import ) gpu ; GB
% let , ) { * / . "s" ( ) /
80
import . } 80 import } GB }
<= ) / gpu =
* GB ,
; GB g require extends extends
extends x require g * % x import (
GB x extends
( g import ( gpu *
<= let import : ; ( extends %
GB ) 1e5 let ) ) = 80 80 % % import
:
80 * x require "s" x "s" : } GB }
: . , g let . ) / ) ) (
x ; "s" import gpu 80 x * let % let GB
{ ; / import , require
gpu .
, / 1e5 x "s" % 1e5
require 80 % / let
. * { g 80 % g 1e5 gpu g "s" gpu
- x 80 / <= = GB <= let GB % g
80 import % , {
/ import "s" % = GB ; ) g x
let let - extends require 1e5 / : import
/ import let / ; = . : -
"s" require g
- 80 * <= : import
- , require import * 80 1e5 "s" import } x ,
( : } : } require x
. % - ( , gpu
"s" let gpu ; } gpu ) % /
extends extends :
. / import ; 80 80 1e5 :
) x require
x : ; 80 , gpu / . % 1e5 require
gpu g * ; . 80 , "s"
/ 80 extends *
extends 80 extends g : gpu
extends 1e5 gpu * gpu ( gpu
let "s" <= g ( require = 1e5 .
/ , } . : extends { GB -
extends x GB let require g % <= } require .
- } } . -
"s" 80 % ( 80
gpu let g - . / "s" extends g
% { 1e5 GB %
g { ; % - } 80 <= /
) gpu . ( } . /
1e5
1e5 ) 80 x ( ) . x (
80 - GB ( g = g
"s" import 1e5 x , 1e5 gpu x }
/ require : :
- 1e5
* ; . { <= { import
} = % gpu { * / x 1e5 1e5 =
1e5 80 : . , { )
1e5 ) <= , GB gpu "s" }
import g import 1e5 ( * require * = ) require
let 80 ; require
1e5 GB = ; = <= extends { let (
"s" , { , 1e5 <= x ( "s" : : extends
% ; 80 import let . { 1e5 = "s"
, , let <= g , % g let
{ let g * * { = import {
let ; 80 g 1e5 ( * . extends
} % gpu : require require gpu * } "s" * =
= x let x
; import g ) = import ; require g import
let gpu import ; % <= <= "s" extends - %
let "s" x gpu extends * . % % let )
GB . . % ( . "s" 1e5 - ; =
= / <= 1e5 80 g require % /
GB } extends GB : = ,
/ { 80 ; gpu ; <= let } % 1e5 :
/ ( "s" 1e5 * %
"s" / ; require { extends , import import %
- import
/ 80 GB : require <= , gpu % } %
80 require 80 1e5
) % ; = (
1e5 / require import 1e5 % % % require GB <=
} extends gpu ( / -
<= )
* * - * . require . 1e5 "s" * } {
( , gpu extends }
GB "s" , . : * GB . - . , )
. . let } g . , ( }
: : "s" : - { *
. import %
extends
* { import ; { extends ( ( <= % 1e5 x
import ; 1e5
"s" gpu g extends g 80 , /
; 80
} import } : , extends ; * . / require let
= {
* x * 1e5 x x -
, : ) g % <= let "s" }
} 1e5
= : ) 80 "s" extends ( <= gpu g
"s" import extends
extends
/ g ) x : % ; extends let = 80 gpu
80
GB GB }
<= 1e5 extends { g let require 1e5 import import %
= ( import . : 1e5 ; extends { g 1e5
. ) <= *
"s" / extends import }
: extends . { - ;
% } { import { . x % - - require
( import extends import ; let , x : )
g { ( import x g * % ,
/ - ) / . "s" % "s" : require
gpu ) extends
<= } } import gpu * x g <= / let *
<= require extends : / GB g : ; require
require GB } require
g 1e5 80 80 g ) require } ; /
- )
extends GB 80 : / / / . ,
- GB : : 80
1e5 : "s"
80 <= * "s"
} = = <= 1e5
* <= require
{ , <= : ( ( 80 80 1e5 { /
; ) ) ) = GB / <= = } =
% . = require = "s" ) ) x . ( require
80
gpu . = % ) - = gpu require % <= import
; 80 : import require / require
gpu ( % let , : { : "s"
1e5 ;
/ 80 , *
GB { } = require <= ; 80
let extends , , ; 80 gpu
require ) extends "s" ) = x . ) "s" - ;
extends extends 80 : :
) x <= gpu ( x * { import
80 { (
; - ( require import GB ( extends
require import
"s"
} require ( 80 ; "s" 1e5 let (
let / "s" 80 : = (
; ; ) 80 , = <=
, GB ( gpu :
: - "s" 80 { gpu <= . { % )
} ; {
% 80
GB }
GB 80 extends import
% } % require ;
GB = GB "s" {
import )
- { extends ; / ) ) { extends
80 "s" - GB % <= )
80 <= <= { = : import ;
g g ) extends
* % . extends x <=
import ( = } (
* extends "s" ) <= / - / 1e5 =
require } let extends * require <= = ) -
: = 80 1e5 "s" - let = = <=
. / { require GB = <= * extends : import
"s" / import 1e5 import } 1e5 g "s" import
} ) g x - GB % gpu - 80 GB ,
GB g { gpu "s" * GB
let ( % <= , g 80 % import
gpu = / gpu 80 ,
require
GB require ; g } : } } "s" ) <= <=
extends * g * - 80 GB = GB - . "s"
x } <= / import 1e5 % { :
{ "s" x / -
/ % : x "s" ) import g import
: extends = : 80 extends . extends
/
* <= import extends / ) ) 1e5 / ) <= require
) ; g
let ) : require let <= 1e5 g ) let }
<= : - import
*
require , = let - . ( 1e5 } x .
, "s" GB ; * 80 <= . (
* ; * = ) . ; gpu = = let
, extends = % {
GB x , =
80 ; 1e5 x : "s" x extends
: let : <= } % /
<= ; , <= } let
, - * 80 let gpu = - gpu let % GB
x <= g * ; { = g . , <= 1e5
gpu <= gpu "s" % :
, % . . - = require % } <= <=
extends - x import require . ( 80 , <= {
. ) { import = , * 1e5
1e5 gpu . gpu
g } % { 80 / require } .
x g / . g {
= GB x import , gpu 1e5 "s" - ; (
} 80 { % % } <= import gpu ;
let . 1e5 require require }
require import
; . 1e5 %
= % ) }
80 }
% , * * extends % . extends }
/ require g "s" % import {
1e5 80 import { { ; ( =
} ) - import * x "s" -
g % :
% 1e5 1e5 , g <= : , . 1e5 import g
require - , { 1e5 let
= "s" gpu 1e5 g x x { <= gpu ;
<= require 80 "s" g {
let
- ; - { % x extends
-
import - } . : } <= , = , /
1e5 = gpu = let
80 require } gpu -
: require let * - . } , % 80 .
x { - = <= 1e5 g .
( { - g require .
) % . GB
gpu import ( - % : let
/ ( <= . 1e5 gpu g GB
x = - GB { <= let "s" )
80 require . * * g ( GB = )
) let import import require 80 "s" / gpu = :
require : / ,
, ) 80 / - x } "s" ) "s" * (
, .
"s" gpu { / extends { require ( , : {
. * g { 80 GB let
( } gpu
; let GB . extends 1e5 ( { require .
gpu
( =
require / = / g extends / extends let
gpu <= let / , <= * = require .
{ / extends / gpu let * let require }
: : ) x 1e5 extends ; 1e5 g
gpu * , g x ; x * / ) ,
( GB
{ gpu
gpu 80 gpu : let ( } import } require =
GB 1e5 % - %
GB * <= 1e5
( . x / gpu = <= "s" = ) 1e5
let let extends { 1e5 ) } let require g )
) ) require let <= extends ) . 80 -
require let
{ "s" ) / import gpu let } ;
80 extends g ( : / let ) % = import
/ ; require <= = 1e5 ; "s" gpu "s" :
= require {
% gpu gpu g let extends - - 1e5 ,
let let extends = "s" GB let { <= import x
g require "s" ; - % = g
, extends g import GB : <= - GB
. : gpu = 80 , ) / { % extends extends
: require 1e5 -
{
) . 80 let ; *
extends <= . g "s" let
* require x , "s" . ( <=
<=
} "s" { } "s" gpu 80 80
%
(
{ : 80 "s" : <=
{ 1e5 let , GB require import extends GB ) require import
/ GB ) : / 80 } import
: . : gpu ; GB "s" g . (
<= gpu = 80 ; ( gpu , ,
.
:
} import .
/ gpu , - <= } )
. ) / require "s" x
} - .
g . require gpu GB : / GB import -
GB "s" ) { { * "s" g / -
* : = { import <= } let
{ * { % : * % 1e5 % "s" .
x x % { ; . x 1e5 : = let =
/ 80 g
x gpu "s" ) , extends extends % :
( { ) GB g , extends x
= "s" gpu ; ) ,
- 80 / <= extends } % 1e5
extends
require 1e5 } x 1e5 , ) x = (
GB - <= 1e5 ( 80 require , ; / gpu require
let extends
= } GB 1e5 , {
require (
let /
<= / 1e5 GB { import g
* } 1e5 , , % , import %
: GB ; } require / , )
let ;
extends "s" ) / , % ,
let } *
% import 80 - 1e5 gpu 80 - ) let
} GB /
let % extends
} <= g
} import } let g
extends "s" 80
require extends = = % (
80 )
x . let : let ,
"s"
g , ; , { { 1e5 let { ( =
} - x extends gpu require import let * let .
80 } (
x % ) import }
let 1e5
= * : ( import % "s" <= } =
. "s" : let } , : g { 80
80 % } - "s" ) - } 1e5 (
* let ( GB } % require <= ( ) "s" g
import extends 1e5
) gpu <= <= /
GB 1e5 import = % extends : x g 80 }
- x import } extends * - 80 / ,
* gpu x ) 1e5 / ( % x , ) ;
- ) } ( = gpu <= extends 80
; gpu let ) import ; gpu : x {
let let require / = "s" "s" GB
x )
gpu
- GB ( * 1e5 80 1e5 ) 80
g <= : , 1e5 <= "s" let
, . . , x * "s" % extends 1e5 * =
gpu /
1e5 ; gpu = ( ) require ;
g extends % . x { gpu
gpu = g
: . GB extends % import ) ; } %
) . ) GB import
: <= let ; . ; extends 1e5 <=
x
: } ; gpu = ; / x 80 gpu
80 ) g / "s" . /
"s" import
: "s"
, ) ; <= }
80 g extends ; . let ( -
gpu g g "s" 1e5 gpu {
80 ( , x extends . 1e5 x extends extends
%
* : "s" 1e5 x (
; let GB 1e5 require { ( * <= ) extends "s"
. - 80 extends let } extends extends % }
gpu { import require let x
extends - x * GB
1e5 - * 1e5 80 1e5
. GB 1e5 } % = % . g
, } / 80 80
,
<= { GB
let gpu ; / <=
1e5 % g
let 80 - ) gpu x , ( } }
; import / ) ; import ,
<= let GB % extends : * x <=
: 80 - gpu import ,
} ; let = gpu "s" import } * require { *
, g ( * <=
,
} = extends , = { "s" extends require
{
x *
= let : g , - x
* % * } { "s" % let <=
.
% * / g - extends :
/ 80 80 / "s"
x import ; *
; / x <= g = { = GB / 80
1e5 GB g * 1e5 / gpu - GB =
{ { * ; import / ( let x % require ,
gpu
; x ) gpu , %
1e5 , gpu %
: ; } g
= ( ) - 80 x GB extends
extends <= ; % "s" / )
GB
let 80 ; extends extends 80 g
( } "s" / { x } <= , extends
: % <= : require ; 1e5 % g = GB {
. ; "s" g } 1e5 = "s" "s"
= require
"s" <= "s" require : % 80 . g
extends
; extends , GB ) ; ) / . } : GB
)
/ { gpu % <= x ; ) {
.
80 import = / * extends g
gpu / / { import 1e5 gpu : = ; /
) / ) , =
,
. }
) g ) GB "s" : x "s" %
/ <= GB % } ) % : , <= ; import
{ ( :
1e5 <= <= ) = - g 80 <= import gpu
} g GB
; { extends gpu let <= { x .
x ; 1e5 }
import , 80 -
"s"
import x import *
; : 80 80 require gpu / GB
let /
1e5 ( / x .
; let * } ) "s" let ;
% * x
gpu require , :
. let x extends - <= require = ) let
let x ( <= extends
1e5
GB GB { ) ; 80
% { , require let
) gpu ( / gpu : {
* GB "s" % * } = : require GB
:
x
: x /
GB - x extends 80 1e5 , / , : gpu "s"
let ; ,
GB { * GB / . extends . g
extends } 1e5 ; .
, 1e5 <= { extends let gpu ( . * -
, = gpu , ( -
* : - ; = GB ( <= ;
80 extends -
/ } <= let
% import % g 80 GB import 1e5 "s" require
x / } gpu g g let = let
/ % x let ) % gpu *
1e5 }
gpu { let {
extends : <= } let - 1e5 *
- g x extends : extends ) require import extends
/
80 GB ,
( % { / <= <= GB * GB / ) import
- import = 1e5 ; let
: } gpu /
{ } : :
require / import
80 x %
require
extends 80 <= . = { ) "s" extends
- ) 1e5
import g <=
) ( % = <= - gpu { GB :
= x 1e5 } . . 1e5 =
require } g x 1e5 } import /
80 <=
let 1e5
1e5 1e5 = 1e5 , {
( - <= {
1e5 : = * ; 80 ; } *
, : = - gpu 1e5 "s" ;
GB * { = <= GB % extends % } { GB
. *
require <= GB { let
. x 80 require GB ( g -
import
extends - = <=
require { }
x
"s" <= = g gpu : g : : - * ,
GB ) ( / require require "s" ; : *
import let require - ; ) ) GB :
: g ; / : -
* - "s" , ) GB <= = ,
: :
extends } ,
<= . ) "s" <= %
require let { GB
-
gpu 1e5 { "s" import
g GB require gpu g gpu { / extends require =
gpu
: <= / GB } extends ( <= } : g
, } ) ( extends - - import * /
, "s" <= : gpu
, g * 1e5 : require ; 80 %
; ) "s" , { / ) let
{ import x * * = , ) 1e5 { *
* ( - ( , * 80 GB {
} ; let extends "s" let - 80 /
x 80 / gpu gpu
GB } "s" extends GB 80
= gpu /
let 1e5 , gpu GB <= % * let let GB let
g require x * import } , )
; "s" } x ( import
g . * 1e5
: . } : = let
"s" : let )
<= : let - : ;
}
, { gpu } let require ; g
.
, g import /
let = g gpu <= )
let let import extends * ; "s" , =
80
} } x ( / - 80
GB ; % )
( <= ( : ;
, - ; - % 80
} 80 let extends 80 <= ) / =
, : <= } gpu <= * *
} import g } ; = } <=
, } % / % gpu extends ; ( import "s"
gpu require GB g ; , extends
%
1e5 : GB x , : *
, require "s" let , <= { GB : import g 1e5
x extends require } = % "s" 80 - gpu let
/ x let gpu } * (
import 1e5
x - "s" = ) * - {
<= { "s" { ; let g * { "s" )
extends g ( <= % , extends x { = = =
: * = } gpu = import ( g
gpu . ) require gpu ( { ) let
- ; : require import 80 -
80 . , <= / extends extends g - .
{ require import GB { , } 80 : - "s"
<= / * let g "s" ) / let require require
/ g <= ) % gpu import g } , g )
<= g - require )
* (
<= ( require extends GB <= extends require - :
(
{ - / = require { 80 . "s"
require
* = "s" 1e5 , :
g import : require
1e5 let require
) GB extends x let g extends g . { g
: : .
80
1e5 % require
, "s" { require , "s" ) - { * g
.
- { - x { ; :
- - ; GB gpu GB 1e5 ; gpu
% g GB = {
x require ; "s" extends "s" 80 1e5 x = ,
* 1e5 x { GB = g 1e5 ( x extends
, <= % 1e5 extends =
80 x gpu * ( ; "s" "s" / g x
= 80 extends } (
GB * import ) , ( ( 80 .
{ - = )
80 : % require - g / } let <= GB
) * % - {
require x g require <= x 80 :
-
} / , gpu "s" x
require / / } * : .
; <= require
(
GB . / 1e5 = 80 ; ;
) require require ; g import gpu
g = = import require x { g }
1e5 require gpu gpu - 1e5 , . .
. gpu ( ,
gpu import ( <= ; *
, - ; require GB - { / * gpu
gpu 1e5 require "s" % =
/ <= import <= ) } : gpu :
( - ( 80 :
g } , ( <= - / 1e5 ; <=
GB / 1e5 * (
extends GB
x gpu 80 let 80 - ) * "s"
1e5 1e5 <= . * / - let ) ( } g
1e5 { % - % g let let
% x 80 <= let ) "s"
* = x 80 ) ( / g import GB ( GB
/ { . , / } /
} } require require
{ / <= "s" % ( / import x = "s" :
) import = import / - ; , "s"
} 80 gpu ; 80 "s" { ; extends
import g * } } gpu ; , 1e5 let , .
80 }
x GB
} = 80
; let import . : GB <= . - }
% extends extends require x { g . gpu require x
<= * / import require %
extends x extends 80 gpu
= ) - x : - let require = g
import - ; extends , x ; :
require - . gpu % 1e5 ; g -
let . gpu g *
GB /
80
: , 80 extends %
} ; : gpu %
* } let
GB : . g . - { - <= = {
} - {
import : - extends gpu , require } GB = "s"
% require
extends ( - GB import /
{ { ( { <= 80
gpu
let ) / . x / - . /
80 * ,
) gpu = GB import ; , gpu , GB
extends . import } , { { extends
* extends = * require } / : : let
require / - extends import import
, 1e5 1e5 require extends "s" } : <= 80 ) <=
{ import
GB x % <= gpu
extends
require -
"s" { require / )
= gpu let : extends let , - *
- - <= "s" 80
gpu
= / 80 ; ) let % 1e5 ;
; = 80 { <= GB -
. g % / <= 80 / g "s" gpu "s"
GB g .
: ( g GB x , 1e5 <= extends { x ,
) "s" GB { 1e5 GB require
1e5 1e5 ) g "s"
/ } = "s"
} gpu require ; ( require gpu * gpu
let import ( 1e5 <= x : 1e5 GB
} gpu .
= ( , let =
: ( . gpu .
) ( extends
= <=
: GB g , { x GB / gpu } ,
. extends g
x :
"s" GB let , 1e5
% %
- let - "s" {
) : / , } - let :
; g <= - g extends gpu = 1e5
. * import % ; x / / (
GB "s"
gpu import "s" gpu * : 80 let { ,
( 1e5 gpu ) "s" "s" ; 1e5 , 1e5
- = <= * / ,
;
, ) ( : 1e5 x
GB 80 import import = let : gpu GB ;
"s" g GB = - - import import
gpu ( % x import } <= . ) {
, <=
<= gpu , "s" require % extends gpu g 1e5 *
80 ) "s" ( } } let g 80 g <=
1e5
* % extends = ,
80 : ( } 1e5 gpu , = /
: import GB require , 80 import / } "s"
. import } ( 80 "s" }
; 80 let = GB <= let extends <= /
{ - - - - { * / - *
require . / import 1e5 , 1e5 <= .
g / "s" *
= ) gpu ) x { g
import ;
1e5 GB g 1e5 80 80 let : GB - .
{ x
x GB 1e5 . - gpu import 1e5
gpu
import {
) <= / :
import ; / . "s"
gpu { * - * : g 80 } , % x
x = 80 - } gpu , x
x
extends extends
- : extends = require / . : :
: % /
80 : g gpu <= ; 1e5 x ; g import
. import % let - extends extends
1e5 } ) = gpu ( g , extends /
g
: "s" gpu "s" x
GB gpu * } /
80 80 ; gpu
: - - * * : } : GB % { =
require / "s" } require <=
import , } gpu 1e5
g / import = - let x - , } ;
* GB , * / 80
<= , 1e5 g
; extends * 80 require 80
; , gpu <= let . * 80 ( 80 *
gpu "s" ) , ) { } .
} GB * let , import GB ) * .
= g ) % extends
% require
, ) x "s"
gpu require - ) . extends * let "s" import
GB ( ; * x { % -
; % : extends
"s" extends / <= extends - GB
let . = let . / g ( 80 } ,
require import = 80 GB "s" 1e5 require /
extends - ) extends g require / ) : 80
: * ( } gpu . 1e5 GB
* ) ( - "s" ; { g 1e5 1e5 )
gpu * x } ; gpu x : require import "s"
* / let
require GB <= "s" ; extends x = , * extends
GB ) { ( gpu ( gpu "s" 1e5 "s"
* / extends 80 / x *
gpu 1e5 extends gpu
% {
let % { * : require
80 = extends ;
<= gpu . 1e5 let ; <= ; - "s"
, gpu 1e5 let % require gpu * let <= } /
% ) - : , g import g
g - extends - import . *
, ) ) * extends <=
extends 1e5 require ( = { : ; (
g GB <= import 1e5 80 extends <= * ,
- - - ; - : = { { . "s"
, let ) % x )
import , require = GB } %
GB - import { "s" } ;
require - require require (
-
let let x
let import ; gpu ; ) ) extends require GB % x
g
{ 1e5 GB % GB extends ; ; * "s"
g 80 - ) "s" import
x 1e5 require * let ,
* % <= ) GB require { *
/ <= - GB let 1e5 { import * , GB ,
gpu import <= let gpu ( require ; ) 80 -
} ; ; ) : * . ( .
( extends import % ; GB
"s" , 1e5 } : ( import extends <= ;
gpu ; x let "s" g x = * .
} gpu : <= GB . 1e5 ( g <= GB
{ : 80 import
; let { ) ; 1e5 "s" % , {
{ = : ) extends <=
gpu <=
g g gpu extends GB
<= require
g % import
,
require let ; 1e5 { % extends gpu
, { g / ; x . "s" GB require
( import -
,
{ extends / : = "s" - import = require : extends
{ )
( let extends require "s" g } .
let % * ) g ) . : {
import extends ( { extends - : ( { 80 "s"
, % ) , ) 1e5 } :
%
= . g 80
g - gpu , { <= extends * ( <= =
gpu <= g ( import % import require "s" g (
. . .
) / . ; =
( , ; require let
, "s" 80 . : 1e5 GB , )
% extends 80 "s" { <= - "s"
} require : % , { import *
; % import { * 1e5 * ( GB ) { =
x { % ) x / extends g { ; x *
<= -
gpu GB = = = gpu ; g 1e5 import extends ,
require 1e5 } % % ( / 1e5
"s" } 1e5 80 / GB <=
require require = } : * x import
g / = /
{ . : ; gpu let require -
, GB x g { ) extends GB }
{ % import import } . "s" g /
{ let = - = = * / 80 1e5 "s" ,
1e5 1e5
80 % * <= { - % gpu %
; ; . % 1e5
"s" let / / : gpu gpu - x require ( let
- - * / 80
( } / g ( , ( - -
) <= g = { ; =
let } 1e5 gpu ( ; { "s"
(
x - ( { GB gpu import GB gpu <=
} } = ) %
- 1e5 extends } = } "s" /
) ; } "s" - * - import ,
let require extends 80 x x gpu "s" ( require ;
<= - = , g ) extends * } let gpu (
<= g = let GB ( : = } GB } require
1e5 ) ; * GB
- let ; - . % : }
1e5 %
( - . - ( - = :
"s" (
( ) * / ( extends
x <= "s" : / x : import
; GB { 1e5 * 1e5 = * g 80
x =
80 % <= *
) 1e5 extends GB extends { let } { 1e5 (
80 { import x 80 : 80 {
1e5 gpu ; - -
gpu / . ( =
; ;
let
; 1e5 g gpu ,
: let GB % { x "s"
-
<= : let ( ) = % "s" ( : require gpu
g extends <= ) / } 80 x - ( GB :
; { let * } ( - let (
x "s"
/ GB GB } g let
/ import ( *
80 "s" * / / require * gpu
<= : } require x . gpu . ,
import * extends <= extends
) =
GB "s" : extends 1e5
<= % ) let
( = extends ;
=
let GB g % * } g { 1e5 ( 1e5 /
} x ) - 80 <= /
* { : import % / { * = ( g
, } -
; require - ( ; 1e5 1e5 x
GB import * let import % extends
= g % <= : { import , import *
% "s"
1e5
/ ( require , *
% } / - GB ( GB ( extends }
.
"s" GB let .
GB require -
x / ( g ; , ; : , ; 80
g extends * * "s" ; 80
extends - . <= . <= ) x . % extends let
/
{ } ; / import * import - let { import
. import extends let extends , .
% <= <= 1e5 : require extends x { x
. gpu . let GB /
<= gpu / ( g . ( } require 1e5
1e5 gpu gpu } ( ; ; import gpu ;
1e5 ; <=
{ ; / gpu } / 80
x gpu "s" 1e5 1e5 import *
/ gpu . import require extends x GB , (
80 * , * x
) GB extends {
} % gpu ( x g
GB 1e5 <= <= =
<= ( import "s" * "s" / . .
- : ; import : ; gpu import , }
x import ( . import } 80 = x let <= x
* ( % - extends 1e5 ; require / import 80
/ let { , ,
: {
- extends 80 <= 1e5 . )
import GB ; <= . *
1e5 = GB 1e5 <= x : , require x
<= . x require g 80 ;
= . <= - <= { *
gpu ( = gpu }
%
"s" require
x ) % (
"s" gpu 1e5 80 * , GB <= / extends * require
1e5 . )
gpu g "s" . { / / "s"
) = - extends : = let g
x } = : 1e5 1e5 GB = { = GB
{ 1e5 .
require extends
: % let let * require 80 { : : <= x
; 80 : } , 1e5
let gpu ,
"s" , * % ( % 80 , "s"
/ extends : (
/ 80 ( <=
- % . x 1e5 = } 1e5 ( :
(
<= . * ; / %
GB / <= let = ,
gpu . * "s" "s" 80 80 . GB gpu
* { import %
* 1e5 let - } let }
) let = g , ; =
. % : <= 1e5 extends "s" 80 let . ) -
:
: : require
= = let extends require
- { require gpu g , ) gpu gpu . 80
. , - 1e5
GB "s" 1e5 80 , , g x .
<= gpu ) ( ( extends GB : % ,
x g x . , GB ( / x
GB x ) gpu GB ) 80
- } % 80 ; : x let require , 80
/ { / . , import 80 GB require "s" import
} . { = - <=
extends
g * gpu -
GB = , % - <= { / ; = extends
{ / 80 let gpu
= * let } <= ; % extends 80 "s"
, ( GB x - require <= let , "s"
( * require 80 let
% 80 } . g - let extends
x ( } 1e5 import GB % / GB
- * gpu . :
import 1e5 * require }
gpu - extends let : % : "s"
/ ( * } x
- gpu "s" <= g 80 , }
% = , import ; (
import - ( , : : "s"
: 1e5 * gpu
; ; , ( x
. - : . * , let <=
% 80 , 80
import
( ; . ) , {
( ; * % x ( ( x . %
"s" g <= } g let . { =
80 g import 1e5 import } 80 %
require 1e5 1e5 1e5 <= . import import "s" ; .
) % %
extends . % GB : extends
. g . (
x require ( : = require import / "s" { 1e5
. ,
gpu ( <= gpu require "s" ; /
"s" g <= <= } ) gpu
"s" import 1e5 = extends require 80 * 1e5
gpu GB <= g ;
) { let % . } - : let -
{ ( 80 / % ) let / import } /
import x = / g } =
extends : 80
1e5 ) / gpu { g "s"
GB gpu
let import ( % - let import } g / require
* let
* { {
( "s" - <= % ) * ,
g { "s" * . ; =
-
x ( ( <=
= 1e5 require * <= -
; let ; ; ( gpu 80 "s" )
<= ( <= gpu % x
extends , % 80 (
x ; extends : x
require 80 . { gpu { , <=
/
% * x extends ) <= - "s"
} GB 1e5 ( ) / ( require ; GB gpu
. . 80 require g
( x g ,
g { } / gpu * require gpu , ; }
; ; x
, , ;
1e5 : =
x extends require let / * import "s" <=
g , require ) 80 / ( <= 80 ( *
x % = GB %
GB ( gpu <= { / 80 let - 80 ,
let ; = } "s" "s" x require
"s" = ( { "s" 80 import 80 { %
let 1e5 extends import require .
import ) ) : , g import let GB ( /
; / x {
x , gpu 1e5
{ GB
)
GB g extends = import { g , * g
let require "s" , import 1e5 = let <= 1e5
gpu %
import g { let : require % x ) * gpu "s"
x
let / } extends -
{ . , import / 1e5 <= 1e5 . - g
let ( % % ( ( "s" 80 } * ;
* %
require GB , let , *
<= let 80 : let g import gpu . 80 :
,
extends 1e5 let extends =
g ) gpu 1e5 require % / let extends x let 80
% = = GB extends "s" * require 80 ( } x
; = x - . ; let . 80 /
GB ; ; ( : extends { extends , { ;
/ extends x % GB gpu , gpu *
1e5 * , % { GB "s" import
extends <= / . 80 ,
; import - <= %
) } % , { - gpu 1e5 "s" ; ) x
"s" { { % gpu % 80 1e5 require , (
% { / , x : ) } let
1e5 gpu <= 80 GB % (
let
80 % .
80
80 : - "s" g * gpu
require ) <= = % = / require {
80 gpu <= * import
GB extends { extends
"s" / import import <=
: ) gpu "s" gpu , let let 1e5 let
extends * . let % % gpu - "s" =
80 extends import ) import
x ; x x , GB
x
require gpu ( 1e5 gpu } 80 <=
g - } 1e5 } gpu :
x g
, "s"
, : let )
{ x x ; require { , ,
<= GB 80 extends / import ; extends (
/ . 1e5 let } g { GB ; 1e5
"s" - gpu GB 1e5 g gpu , ; /
: { x - 1e5
, <= extends { let { , (
; gpu . 80 GB g = { GB
= extends : - g g { ) let ,
extends % <= <= : require GB import : *
80 80 GB
80 - gpu let x - GB - require }
g
import
{ / : ) import . GB
"s" require require / GB / 1e5 . ( ( ; extends
gpu g "s" extends / x g 1e5 g - % require
gpu g x 1e5 extends ; % x x . } )
1e5 80 extends g let ; <=
* . . % -
, ; let , . extends ; = 80 g }
; = 80 80 extends
extends <=
* "s" (
% import <= "s" - = <= ; -
<= ( let GB
* extends <= gpu *
= - } = ,
require extends . }
/ * <=
g x extends ( extends / x gpu ,
<= / - ) / <=
import % "s" ( import / . - =
let * ) = gpu g : require
80 = x / g 80 ( 80 / let
<= 80 import <= require } %
let require x :
80
g let
) ( * * gpu "s" g , / gpu
; : * . = {
{ let import { = "s" <= { gpu
gpu require let = "s" g
, require 1e5 ( . GB "s" 80 <= <= /
g <= / g gpu ( 80 :
{
<=
require x
: g 1e5 "s" / : - } import :
extends import gpu "s" <= <=
% ( let "s" { import x = GB ,
x : * import . GB / , =
import import import <= . 1e5 , <= } "s" "s"
<= { . {
) extends * g <= (
g / . / , * 1e5 "s" let { 80 let
: import , 80 % g }
/ { : extends 1e5 ( require - import
( - % 1e5 let let "s"
. } "s" x : gpu GB , GB ) 80
80 . 1e5 let
= / gpu { 1e5
gpu ) <= "s" - 80 1e5 ( g let
- = "s" :
{ * / gpu gpu require gpu g .
"s" <= import
; "s" % * ;
x extends , . g . = GB
"s" ;
- { <= GB / require
/
( <= * extends * ) { let
extends , x <= gpu } 1e5 = * extends x ,
) g 80 } let } % 80 * extends "s"
extends "s" { . : let GB * { % -
import / GB ) require 1e5 g ; 80
1e5 import extends GB % ( x require gpu x
) 80 / 80 g ( x ) x let
. ) gpu /
80 x x "s" import . import require ( =
{ ,
} ; = "s" let gpu / / *
= GB require extends : GB
x
80 = gpu extends % x 80 . ,
80 } GB ( - gpu let
1e5
{ : } : x
{ x , , % . } } , require require
g } ) % let 1e5 x ) GB
, ( "s"
x 80 }
g % g
) 80 / require GB
) ;
. import gpu let : (
: g 80
,
; , g
: % extends extends extends ; ( .
80 - ; import require let extends
% gpu <= import 80 g import
x x % = extends "s" * GB x (
x let / g g % 1e5 require {
. 1e5 x <= } 80 let * GB g import }
} ( 1e5 % let 80 80 gpu GB :
. . ) x
extends ,
require - <=
1e5 - { / . extends
- 1e5
/ gpu gpu ) { /
x / { 1e5 import 80 ) . 80
GB 1e5 /
% { % } <= * 1e5 = ; : .
% ; gpu extends ) } gpu 80 x let x %
- % require <= "s" 80 "s"
: import extends
g - 80 1e5 / : /
( <= ) / g , ) , x GB
{ % . - )
extends 80 ) GB "s" . GB = gpu % ,
import let g . 1e5 . } = , <= gpu 1e5
} <= import ; { let ) ; : - : x
- g require extends 80 :
; require : require -
= 1e5 % } extends
require = extends gpu % extends extends 80 extends %
<= * - : GB "s" x "s" extends "s" - GB
extends extends * , ) = } *
; : <= : ( : import = "s" require require
( ; 80 { gpu { 80 "s"
) 80 : <= "s"
1e5 let x g . 1e5 1e5
* require = } , ; 80 /
- require GB % / - 80 - , ;
gpu = x require } (
% - "s" :
. } = : GB x let , import
require gpu : require extends 80 80
import gpu ;
( % { g * import
let extends = * = import ) ( { <=
"s" extends , x
) g GB , } * let g { } * }
"s" )
<= , , , x % 1e5 - let 1e5
import * ;
import }
import - * "s" gpu : % gpu
<= , ) require import . "s" g
: / = . - g - gpu GB
= . 80
{ extends ( : g 1e5 -
GB let 1e5 = : - / * import extends GB import
import 80 %
1e5 }
80 % 80 * ; ( ; extends / import , -
GB 1e5 * . ; % <= let extends , gpu *
"s"
. = 1e5 gpu extends require (
% - GB ,
/ import g { g { extends * * { : 1e5
} } .
; % /
g
GB GB GB g * % <= ) require
% } GB = : {
-
"s" } 1e5 1e5 , ; g
g ( import "s" extends : : , ( let extends
/ ,
let = gpu extends
( import <= x ( "s" . .
( require <= 1e5 { : (
import 80 g import { ; * * <= extends - %
let : * , extends / } <= , ) gpu 1e5
. : ; / import 80 % require /
gpu . % ( = : 80 let . : x
extends ; = ; x g = / . import
1e5 ) % - 1e5 "s" ( 80
- let GB g GB ; = {
extends
( require , } let = , { ;
,
= extends x 80 { import <= import )
80 = 80 . require , ( : {
:
x extends ( <= { "s" %
"s" g
let * let 1e5 . ( - extends .
{
( . "s" 1e5 <= GB require
; 1e5 , <= ) - let gpu % ) "s" 1e5
g extends g import : gpu 1e5
gpu ( 1e5 { ( : ( x GB %
gpu . "s" 80 extends ; import 1e5 / { gpu
"s" . ) x
- : g ,
gpu "s" require
( ) . gpu = ; ( {
. x } , let } x 1e5 gpu
, x <= { require 80 GB ) <= import % "s"
let , % gpu { % % / g :
g "s" ( import . / } )
: 1e5 : GB g
/ "s" : * let 80
}
; x GB gpu g % GB )
extends require : import <= { ,
<= =
extends 80 : -
(
<= 80 x ) / 80 extends ,
require = , ; GB /
extends } 80 , . ; : x
x * : 1e5 require require x require
/ / { <= g ) gpu GB
"s" . . extends ( gpu GB x /
= / "s" . ( % = .
} <= :
) } g : * . = = let
)
g ; * } <=
( : require gpu } : <= GB "s"
gpu ( ( let extends ( ; . . - {
* "s" ; : gpu gpu ) . import ; extends
80 * - <= 80 , extends
{ 80 * g extends / / GB
; ) * - GB 80
import (
require g extends { ; import ( require
% } extends gpu : GB 1e5 import ( 80
1e5 1e5 ; - "s" gpu extends x %
let extends x = import ( / "s" } extends <= ;
"s"
/ . import let require require g % . % extends
. g - ( { import = GB import { * ;
import
/ } = x GB : x } 1e5 / gpu
require require g )
. . x / % - import 80 } } import (
require ) gpu ) 80 <= / / ( ( gpu ,
import % ( "s" / require -
} ;
require "s" ) let % g GB
gpu import
} g require "s" x = "s" . . = 1e5
: 1e5 <= } ( require 1e5 {
extends / {
} 1e5 =
1e5 gpu gpu <= . require . import g * <= GB
80
: x { - let ) ( ( - import ; :
gpu , gpu ) x - x
- = { } g % * *
gpu - import extends . : . let gpu import x :
g 80 : import require <=
import <= = import extends import : /
g gpu % * ; =
: : ) . : { require ) } extends {
1e5 let { require % "s" gpu require ( ,
)
1e5 require
; % require ( % ; <=
extends let % / : * ; , 80 import 80
import
{ extends % gpu } % * <= ( , x let
let 80 / GB let ( let ( % : g require
require - . . extends = gpu <= * % ) import
1e5 , : - extends gpu 1e5 import :
. ( extends 80 } ) { x . let % let
( (
; .
( )
import ; } ) ; require require GB % - ) g
( % GB g ; (
1e5 } : GB "s" require / 1e5 }
x ) } gpu extends ; , let g 80
GB
} ( % GB "s" require % % :
= %
1e5 /
%
- GB <= ,
import * require = import
: 80 "s" let GB
x * { { =
require - require let gpu
- { % g % %
x x = 1e5 require / require %
{ import "s" extends 1e5 } let
"s" } <= "s"
; } , ( require % { extends
x let } require import <= } g g
let ;
g / 1e5 import : gpu / = * ;
( =
require : : require <= x import
x % gpu . {
} - {
- } "s" g x require . gpu <= * )
}
GB { } = , let % GB "s"
gpu
import } } g : = GB extends ) extends
import GB
x { 80 gpu . "s"
gpu / { / %
require * "s" g <= <= let x 1e5 <=
gpu
require
gpu % } = : gpu - extends g - g
extends . , *
import ) ; g
GB * = ) import * - GB * g
extends require 80 gpu extends = 1e5 x ) let . *
- import ; *
. = x } * ,
. = % = 80 . ) extends 1e5
extends : ; import
let require "s" * g extends : )
80 <= 1e5 = = ) { gpu require 1e5 GB %
gpu <= import
: ; * x : = GB GB % { "s" (
- . = GB gpu gpu g ) require extends
80 extends ( require * <= "s" -
, ( "s"
; = import (
GB ; <= 80 <= ,
1e5
; GB / ; 80 GB GB
let , ( 1e5 x GB / { ( import gpu
80 require x g , require 1e5 <= import
import ( } , ; ) require GB
extends "s"
import { * "s" extends "s" = GB - "s" % }
= GB ) 80 gpu * ; { { * - extends
let
. * / % / ;
{ <= g } g import <= / / GB } ;
( .
extends require ; "s"
"s" , / * g
g * ( ; import :
) % x = require
GB g ) extends ( GB let require x
gpu <= extends / . ) extends 1e5 x . {
{ : % g ) <= 1e5 80 x {
) , x { 80 require <= extends import
import <= 80
import - / 80
x % extends *
% { require / :
"s"
: ;
x { - 80 - * : .
let let
%
"s" let }
. } } g - import "s"
; extends import ; : GB extends import <= require extends import
( } / ; ; ; require ( gpu } * 1e5
let %
80 .
= .
: - let ( . 80
. : x GB . 80
gpu x <= import , { = ( GB ,
. extends 1e5 } 1e5 ( gpu
:
, , extends = let extends import
-
g * / } import
x ; extends : . gpu require gpu * extends
g require 80 extends
g x { = } . require
<= - : , } % /
= , } . . -
1e5 / <= *
GB
<= , <= ; . * g let gpu = g
"s" ; ; x "s" extends : * , x
require 1e5
% require / ) = "s" GB = x import
