<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="tiles" tilewidth="16" tileheight="16" tilecount="8" columns="4">
 <image source="tiles.png" width="64" height="32"/>
 <tile id="0">
  <animation>
   <frame tileid="0" duration="500"/>
   <frame tileid="6" duration="500"/>
  </animation>
 </tile>
 <tile id="2" type="Water"><properties><property name="name" value="water"/></properties></tile>
 <tile id="7"><properties><property name="collides" type="bool" value="true"/></properties></tile>
</tileset>
